#!/usr/bin/env bash
# Installs the npm dependencies from package-lock.json when they are absent or out of date, or were
# installed by another Node (npm ci checks "engines" against the Node that runs it, and a package
# may pick its files by Node version). Run after scripts/use-node.sh has chosen the Node.
set -euo pipefail
stamp=node_modules/.summy-lock-hash
want="$(sha256sum package-lock.json | cut -d' ' -f1) node $(node --version)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "==> Installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
