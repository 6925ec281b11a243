#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the web app and the server bundle, and serves Summy on PORT (3000) with
# embedded defaults (PGlite and audio under DATA_DIR=./data). Settings: .env.example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh runtime
bash scripts/node-deps.sh
echo "==> Building the web app and the server"
npm run build --silent -w @summy/web
node scripts/build-server.mjs
echo "==> Starting Summy"
exec node --enable-source-maps apps/server/dist/main.js
