#!/usr/bin/env bash
# `npm test`: the whole test suite. Installs what is missing, then runs type checks, lint, unit and
# integration tests (on PGlite and on a PostgreSQL server it starts), and Playwright in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh test
bash scripts/node-deps.sh
mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/playwright.json

echo "==> Type check"
npm run --silent typecheck
echo "==> Lint and format"
npx eslint --max-warnings 0 .
npx prettier --check --log-level warn .
echo "==> Unit and integration tests (PGlite and PostgreSQL)"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || status=$?
echo "==> Building the web app"
npm run build --silent -w @summy/web
echo "==> End-to-end tests (Playwright, Chromium)"
npx playwright test -c e2e/playwright.config.ts || status=$?
node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json
exit $status
