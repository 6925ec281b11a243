import './scripts/node20-polyfills.ts';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests run once; the server's integration tests run twice, on PGlite and on a real
// PostgreSQL server that the global setup starts (docs/decisions/004-testing.md).
const integration = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const unit = [
  'packages/**/*.unit.test.ts',
  'apps/server/**/*.unit.test.ts',
  'bench/**/*.unit.test.ts',
  'testdata/*.unit.test.ts',
];
// Web component tests render React to static markup in Node: no DOM emulation to drift from browsers
// (the browser itself is covered by Playwright).
const web = ['apps/web/src/**/*.unit.test.{ts,tsx}'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'unit', include: unit } },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: web },
      },
      {
        test: {
          name: 'pglite',
          include: integration,
          exclude: [...unit, '**/*.postgres.test.ts'],
          env: { SUMMY_TEST_DB: 'pglite' },
        },
      },
      {
        test: {
          name: 'postgres',
          include: integration,
          // Real-audio runs are the offline providers' job, not the database's: once is enough.
          exclude: [...unit, '**/*.audio.test.ts'],
          env: { SUMMY_TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
