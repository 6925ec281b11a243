import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests run once; the server's integration tests run twice, on PGlite and on a real
// PostgreSQL server that the global setup starts (docs/decisions/004-testing.md). Unit-level tests
// that spawn a process, start Radicale or decode audio are `*.slow.test.ts`: they take seconds, more
// under load, so they have their own project and timeouts, and `npm run test:fast` leaves them out
// (docs/testing.md).
const integration = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const places = ['packages/**/', 'apps/server/**/', 'bench/**/', 'testdata/', 'scripts/'];
const unit = places.map((p) => `${p}*.unit.test.ts`);
const slow = places.map((p) => `${p}*.slow.test.ts`);
// Web component tests render React to static markup in Node: no DOM emulation to drift from browsers
// (the browser itself is covered by Playwright).
const web = ['apps/web/src/**/*.unit.test.{ts,tsx}'];
// Every project fails a test that calls console.error without declaring it (docs/testing.md).
const consoleGuard = 'scripts/fail-on-console-error.ts';
// The fast tier (unit, web) fails any test that starts a process: that is what makes a test slow.
const noProcesses = ['scripts/no-child-processes.ts', consoleGuard];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'unit', include: unit, setupFiles: noProcesses } },
      {
        test: {
          name: 'slow',
          include: slow,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          setupFiles: [consoleGuard],
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: web, setupFiles: noProcesses },
      },
      {
        test: {
          name: 'pglite',
          include: integration,
          exclude: [...unit, ...slow, '**/*.postgres.test.ts'],
          env: { SUMMY_TEST_DB: 'pglite' },
          setupFiles: [consoleGuard],
          globalSetup: ['apps/server/test/pglite-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'postgres',
          include: integration,
          // Real-audio runs are the offline providers' job, not the database's: once is enough.
          exclude: [...unit, ...slow, '**/*.audio.test.ts'],
          env: { SUMMY_TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/postgres-global-setup.ts'],
          setupFiles: [consoleGuard],
        },
      },
    ],
  },
});
