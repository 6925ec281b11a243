import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests run once; the server's integration tests run on PGlite, and those about where the
// databases differ also on a real PostgreSQL server that the global setup starts
// (docs/decisions/004-testing.md, docs/decisions/046-a-fifteen-minute-suite.md). Unit-level tests
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
// The web files that change what other files would import: a module mocked (`vi.mock`), the time
// zone or a global set at import, fake timers, or that need the lazy Markdown renderer not yet
// loaded. They run in project `web-isolated`, each in a fresh context; the rest share a worker's
// modules (docs/testing.md). A new file doing any of these belongs here.
const webIsolated = [
  'api-keys/components/api-keys-settings.unit.test.tsx',
  'calendar/components/week-view.unit.test.tsx',
  'calendar/utils/calendar-format.unit.test.ts',
  'chat/utils/answer-stream.unit.test.ts',
  'chat/utils/sse.unit.test.ts',
  'meetings/components/meeting-view/written-notes.unit.test.tsx',
  'meetings/components/meeting-view/written-notes-loading.unit.test.tsx',
  'notes/utils/notes-sync.unit.test.ts',
  'recorder/components/recorder-panel.unit.test.tsx',
  'recorder/utils/recording-source.unit.test.ts',
  'reminders/components/reminder-row.unit.test.tsx',
  'reminders/utils/reminder-format.unit.test.ts',
  'settings/components/settings-dialog.unit.test.tsx',
  'transcription/components/retranscribe-offer.unit.test.tsx',
  'transcription/components/transcription-prompt.unit.test.tsx',
].map((file) => `apps/web/src/features/${file}`);
for (const file of webIsolated) {
  if (!existsSync(new URL(file, import.meta.url))) {
    throw new Error(`vitest.config.ts lists ${file} to run isolated, but it does not exist`);
  }
}
const webAlias = { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) };
// Every project fails a test that calls console.error without declaring it (docs/testing.md).
const consoleGuard = 'scripts/fail-on-console-error.ts';
// A file whose setup ran out of time fails naming the step that was still running.
const setupSteps = 'scripts/unfinished-setup-steps.ts';
// The fast tier (unit, web) fails any test that starts a process or opens PGlite: that is what
// makes a test slow, and on a loaded machine minutes slow.
const noProcesses = ['scripts/no-child-processes.ts', 'scripts/no-pglite-threads.ts', consoleGuard];

// The integration files that also run on a PostgreSQL server: those whose subject is where the two
// databases differ (docs/decisions/046-a-fifteen-minute-suite.md). PGlite is the same PostgreSQL
// engine (17) behind one connection in the server's process; the server is PostgreSQL 15 with a
// pool of connections and other processes beside it. So: the job queue (pg-boss has a backend
// for each), notifications between processes, concurrent requests on a pool, full-text search,
// migrations and schema introspection, start-up settings and restarts. Every other file runs on
// PGlite, the embedded default; a file named `*.postgres.test.ts` runs on PostgreSQL only.
const onPostgresToo = [
  'apps/server/src/jobs/registry.test.ts',
  'apps/server/src/pipeline/pipeline.test.ts',
  'apps/server/src/routes/chat/chat.test.ts',
  'apps/server/src/routes/chat/long-transcript.test.ts',
  'apps/server/src/routes/events/events.test.ts',
  'apps/server/src/routes/meetings/delete-meeting.test.ts',
  'apps/server/src/routes/meetings/get-meeting.test.ts',
  'apps/server/src/routes/meetings/list-cache.test.ts',
  'apps/server/src/routes/meetings/search-index-background.test.ts',
  'apps/server/src/routes/meetings/search-meetings.test.ts',
  'apps/server/src/routes/meetings/summary-concurrency.test.ts',
  'apps/server/src/routes/shares/shares.test.ts',
  'apps/server/src/routes/shares/viewers.test.ts',
  'apps/server/test/action-item-copies-migration.test.ts',
  'apps/server/test/administration.test.ts',
  'apps/server/test/auth-hardening.test.ts',
  'apps/server/test/backup.test.ts',
  'apps/server/test/first-administrator.test.ts',
  'apps/server/test/isolation.test.ts',
  'apps/server/test/restart.test.ts',
  'apps/server/test/startup.test.ts',
  'apps/server/test/test-databases.test.ts',
  'apps/server/test/*.postgres.test.ts',
];
// A renamed or moved file would silently leave PostgreSQL: refuse to start instead.
for (const file of onPostgresToo) {
  if (!file.includes('*') && !existsSync(new URL(file, import.meta.url))) {
    throw new Error(`vitest.config.ts lists ${file} to run on PostgreSQL, but it does not exist`);
  }
}
// Two Vitest workers per core: the integration files wait on servers, timers and child processes
// for much of their time, so two workers left the 2-core machine 40% idle and four kept it 97%
// busy (633 s against 553 s for the Vitest stages; docs/testing.md).
const maxWorkers = Math.min(16, 2 * os.availableParallelism());

// Time limits, sized from what each step needs on the 2-core machine at a load of 40 (other work
// beside the suite), where a CPU-bound step takes 10 to 20 times its idle time:
// - the fast tier (unit, web) runs no process and opens no database: its tests take milliseconds,
//   so 30 s per test and 60 s per hook only catch a hang;
// - an integration file's setup opens a database (1.4 to 1.8 s of CPU from the template) and
//   starts a server (1 to 3 s): 60 s ran out for 76 of 83 PGlite files at a load of 34 to 48,
//   so 180 s per hook; its tests make a few dozen requests each, 120 s;
// - the slow tier starts processes (Radicale waits up to 120 s, a spawned server 180 s for its
//   health): 120 s per test, 240 s per hook.
// A setup that still runs out fails its file naming the step (scripts/unfinished-setup-steps.ts).
const INTEGRATION_LIMITS = { testTimeout: 120_000, hookTimeout: 180_000 };

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: unit,
          setupFiles: noProcesses,
          // A worker runs file after file without reloading modules: the files import nothing
          // with state that a test changes (a file that sets the time zone puts it back), and
          // the reloads were two thirds of the project's time (docs/testing.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'slow',
          include: slow,
          testTimeout: 120_000,
          hookTimeout: 240_000,
          setupFiles: [consoleGuard, setupSteps],
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: web,
          exclude: webIsolated,
          setupFiles: noProcesses,
          isolate: false,
        },
      },
      {
        resolve: { alias: webAlias },
        test: { name: 'web-isolated', include: webIsolated, setupFiles: noProcesses },
      },
      {
        test: {
          name: 'pglite',
          include: integration,
          exclude: [...unit, ...slow, '**/*.postgres.test.ts'],
          env: { SUMMY_TEST_DB: 'pglite' },
          ...INTEGRATION_LIMITS,
          // One worker runs file after file without reloading the server's modules: each file
          // still opens its own database and starts its own server, and the reloads cost a
          // third of the stage's CPU (docs/decisions/046-a-fifteen-minute-suite.md).
          isolate: false,
          // PGlite's WebAssembly compiled by V8's baseline compiler only: each test database is
          // short-lived, so optimising its hot functions cost more CPU than it saved (-14% CPU on
          // eight server files; docs/decisions/046-a-fifteen-minute-suite.md).
          // A heap of at most 1.5 GB, a bound on a worker that runs file after file. (The growth
          // that ran a 24 GB machine out of memory was each file's PGlite thread left open, closed
          // now by startTestServer: a worker peaks near 0.5 GB instead of 5 to 8.5 GB.)
          execArgv: ['--liftoff-only', '--max-old-space-size=1536'],
          // A file that leaves a PGlite thread running fails, naming where it was opened.
          setupFiles: [consoleGuard, setupSteps, 'scripts/no-leftover-pglite-threads.ts'],
          globalSetup: ['apps/server/test/pglite-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'postgres',
          include: onPostgresToo,
          env: { SUMMY_TEST_DB: 'postgres' },
          ...INTEGRATION_LIMITS,
          isolate: false,
          globalSetup: ['apps/server/test/postgres-global-setup.ts'],
          setupFiles: [consoleGuard, setupSteps],
        },
      },
    ],
  },
});
