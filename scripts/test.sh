#!/usr/bin/env bash
# `npm test`: the whole test suite. Installs what is missing (Debian packages, Node 22, npm
# packages), then runs every stage below in order. `npm test -- STAGE...` (or
# `bash scripts/test.sh STAGE...`) runs only the stages named; docs/testing.md says what each costs.
#   typecheck  tsc on every project (incremental)
#   lint       ESLint and Prettier (cached)
#   unit       Vitest projects unit and web: tests with no processes, servers or audio
#   slow       Vitest project slow: tests that spawn processes, start Radicale or decode audio
#   pglite     the server's integration tests on PGlite
#   postgres   the same on a PostgreSQL server the run starts
#   e2e        builds the web app, then Playwright in Chromium
# A failing type check or lint stops the run; a failing test stage does not, and the run ends with
# one line `summary: N passed, N failed, N skipped` over the test stages that ran (CI reads it).
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
  npx vitest run "${args[@]}" --reporter=default --reporter=json \
    --outputFile.json=".tmp/vitest-$stage.json" || status=$?
}

for stage in "${stages[@]}"; do
  echo "==> Stage $stage"
  start=$SECONDS
  case $stage in
    typecheck) node scripts/check.mjs typecheck ;;
    lint) node scripts/check.mjs lint ;;
    unit) vitest unit unit web ;;
    slow) vitest slow slow ;;
    pglite) vitest pglite pglite ;;
    postgres) vitest postgres postgres ;;
    e2e)
      npm run build --silent -w @summy/web
      reports+=(.tmp/playwright.json)
      npx playwright test -c e2e/playwright.config.ts || status=$?
      ;;
  esac
  echo "==> Stage $stage took $((SECONDS - start)) s"
done

[ ${#reports[@]} -eq 0 ] || node scripts/test-summary.mjs "${reports[@]}"
exit $status
