#!/usr/bin/env bash
# `npm test`: the whole test suite. Installs what is missing (Debian packages, Node 22, npm
# packages), then runs every stage below in order. `npm test -- STAGE...` (or
# `bash scripts/test.sh STAGE...`) runs only the stages named; docs/testing.md says what each costs.
#   typecheck  tsc on the Node code as one program, the web app and the calendar bench (incremental)
#   lint       ESLint and Prettier (cached), and dpdm (no import cycle, type-only imports counted)
#   unit       Vitest projects unit, web, web-isolated: tests with no processes, servers or audio
#   slow       Vitest project slow: tests that spawn processes, start Radicale or decode audio
#   pglite     the server's integration tests on PGlite
#   postgres   the same on a PostgreSQL server the run starts
#   e2e        builds the web app, then Playwright in Chromium
# Neighbouring stages of one kind run as one command (typecheck+lint, unit+slow+pglite+postgres),
# each group printing how long it took. A failing type check or lint stops the run; a failing test
# stage does not, and the run ends with the failed tests by name and one line
# `summary: N passed, N failed, N skipped` over the test stages that ran (CI reads it).
# When e2e runs too, typecheck and lint run beside the tests instead, at the lowest CPU priority:
# they use the cores the browser tests leave idle, their output comes at the end, and their
# failure fails the run there (docs/decisions/046-a-fifteen-minute-suite.md).
set -euo pipefail
cd "$(dirname "$0")/.."

all=(typecheck lint unit slow pglite postgres e2e)
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=("${all[@]}")
for s in "${stages[@]}"; do
  case " ${all[*]} " in
    *" $s "*) ;;
    *)
      echo "Unknown test stage '$s'. The stages are: ${all[*]}" >&2
      exit 2
      ;;
  esac
done

bash scripts/system-deps.sh test
source scripts/use-node.sh
bash scripts/node-deps.sh
mkdir -p .tmp
rm -f .tmp/vitest-*.json .tmp/playwright.json

status=0
reports=()
# vitest STAGE PROJECT...: runs the Vitest projects, its JSON report going to .tmp/vitest-STAGE.json.
vitest() {
  local stage=$1 args=()
  shift
  for p in "$@"; do args+=(--project "$p"); done
  reports+=(".tmp/vitest-$stage.json")
  # glibc's malloc tuned as start.sh tunes the server's: a worker runs file after file, each with
  # its own database threads, and the four workers' memory together once outgrew 24 GB.
  MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=65536 MALLOC_MMAP_THRESHOLD_=65536 \
    npx vitest run "${args[@]}" --reporter=default --reporter=json \
    --outputFile.json=".tmp/vitest-$stage.json" || status=$?
}

# kind STAGE: stages of one kind that follow each other in the run share one command: typecheck
# and lint share check.mjs's pool, and the Vitest stages one Vitest run, so the last slow file of
# one stage no longer leaves a core idle while the next stage waits for it.
kind() {
  case $1 in
    typecheck | lint) echo check ;;
    e2e) echo e2e ;;
    *) echo vitest ;;
  esac
}

# Beside the tests: typecheck and lint at nice 19 when e2e is in the run.
beside=()
if [[ " ${stages[*]} " == *" e2e "* ]]; then
  rest=()
  for s in "${stages[@]}"; do
    [ "$(kind "$s")" = check ] && beside+=("$s") || rest+=("$s")
  done
  stages=("${rest[@]}")
fi
beside_pid=
if [ ${#beside[@]} -gt 0 ]; then
  beside_name=$(IFS=+ && echo "${beside[*]}")
  echo "==> Stage $beside_name, beside the tests at the lowest CPU priority (output at the end)"
  beside_start=$SECONDS
  nice -n 19 node scripts/check.mjs "${beside[@]}" >.tmp/check-beside.log 2>&1 &
  beside_pid=$!
fi

# The web app's build for e2e, also beside the earlier stages at nice 19: it then uses the cores
# the Vitest stages leave idle, instead of holding up the browser tests for half a minute.
build_pid=
if [[ " ${stages[*]} " == *" e2e "* ]] && [ "${stages[0]}" != e2e ]; then
  nice -n 19 npm run build --silent -w @summy/web >.tmp/build-beside.log 2>&1 &
  build_pid=$!
fi

i=0
while [ $i -lt ${#stages[@]} ]; do
  group=("${stages[$i]}")
  k=$(kind "${stages[$i]}")
  i=$((i + 1))
  while [ $i -lt ${#stages[@]} ] && [ "$(kind "${stages[$i]}")" = "$k" ]; do
    group+=("${stages[$i]}")
    i=$((i + 1))
  done
  name=$(IFS=+ && echo "${group[*]}")
  echo "==> Stage $name"
  start=$SECONDS
  case $k in
    check) node scripts/check.mjs "${group[@]}" ;;
    vitest)
      # The unit stage is three projects: unit, web and web-isolated.
      projects=()
      for s in "${group[@]}"; do
        [ "$s" = unit ] && projects+=(unit web web-isolated) || projects+=("$s")
      done
      vitest "$name" "${projects[@]}"
      ;;
    e2e)
      if [ -n "$build_pid" ]; then
        build_status=0
        wait "$build_pid" || build_status=$?
        cat .tmp/build-beside.log
        [ $build_status -eq 0 ] || { echo "The web app's build failed (exit $build_status)"; exit $build_status; }
      else
        npm run build --silent -w @summy/web
      fi
      reports+=(.tmp/playwright.json)
      npx playwright test -c e2e/playwright.config.ts || status=$?
      ;;
  esac
  echo "==> Stage $name took $((SECONDS - start)) s"
done

if [ -n "$beside_pid" ]; then
  beside_status=0
  wait "$beside_pid" || beside_status=$?
  echo "==> Stage $beside_name (beside the tests)"
  cat .tmp/check-beside.log
  echo "==> Stage $beside_name took $((SECONDS - beside_start)) s beside the tests"
  if [ $beside_status -ne 0 ]; then
    # Right before the summary, in the tail of the log that CI keeps.
    echo "Stage $beside_name failed (exit $beside_status): see its output above."
    status=$beside_status
  fi
fi

[ ${#reports[@]} -eq 0 ] || node scripts/test-summary.mjs "${reports[@]}"
exit $status
