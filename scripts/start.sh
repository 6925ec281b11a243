#!/usr/bin/env bash
# `npm start`: installs what is missing (Debian packages, Node 22, npm packages), builds the web app
# and the server bundle when their sources changed, and serves Summy on PORT (3000) with embedded
# defaults (PGlite and audio under DATA_DIR=./data). Settings: .env.example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh runtime
source scripts/use-node.sh
bash scripts/node-deps.sh

# A build is skipped when its output exists and the hash of its sources (every file's path and
# content, plus the lockfile) matches the one stamped at the last build, like node-deps.sh does
# for npm ci. The stamps live in node_modules/.cache, so a fresh `npm ci` rebuilds too; deleting
# apps/web/dist or apps/server/dist forces a build.
stamps=node_modules/.cache/summy
sources_hash() {
  find "$@" -type f -not -path '*/node_modules/*' -not -path '*/dist/*' -print0 |
    LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}
common=(packages/core package-lock.json tsconfig.base.json)
web_hash=$(sources_hash apps/web "${common[@]}")
server_hash=$(sources_hash apps/server/src apps/server/package.json packages/db \
  scripts/build-server.mjs "${common[@]}")
# stale NAME OUTPUT_FILE HASH: true when OUTPUT_FILE is missing or NAME was built from other sources.
stale() {
  [ ! -f "$2" ] || [ "$(cat "$stamps/$1.hash" 2>/dev/null)" != "$3" ]
}

built=0
if stale web apps/web/dist/index.html "$web_hash"; then
  echo "==> Building the web app (its sources changed)"
  npm run build --silent -w @summy/web
  mkdir -p "$stamps" && echo "$web_hash" > "$stamps/web.hash"
  built=1
fi
if stale server apps/server/dist/main.js "$server_hash"; then
  echo "==> Building the server (its sources changed)"
  node scripts/build-server.mjs
  mkdir -p "$stamps" && echo "$server_hash" > "$stamps/server.hash"
  built=1
fi
[ "$built" = 1 ] || echo "==> The web app and the server are up to date"
echo "==> Starting Summy"
# glibc's allocator keeps freed memory for reuse; returning blocks over 64 KiB to the system when
# freed (and trimming the heap's top past 64 KiB) keeps about 13 MB less resident at rest
# (docs/decisions/054-load-what-is-used.md; bench/memory reads these lines). Set them to override.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-65536}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-65536}"
# --liftoff-only keeps PGlite's idle RSS under 200 MB (docs/decisions/012-embedded-database-
# memory-and-durability.md; bench/memory reads this line). Source maps are off: they cost about
# 10 MB at rest (docs/decisions/054-load-what-is-used.md); NODE_OPTIONS=--enable-source-maps
# turns them on for debugging.
exec node --liftoff-only apps/server/dist/main.js
