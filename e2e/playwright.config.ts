/**
 * Playwright in Debian's Chromium ({@link chromiumPath}; never a downloaded browser) against real
 * Summy servers with fresh DATA_DIRs (embedded PGlite), started by `webServer`: one per worker.
 *
 * Each worker (E2E_WORKERS, default one per core) runs whole spec files, one at a time, against a server of
 * its own, and starts the specs' Google and Linear fakes on ports of its own: a spec's server state
 * (its accounts, its speech models, its job queue) and fixed fake ports are never shared with the
 * file running beside it. Playwright hands the next file to whichever worker is free, so the
 * long files spread over both without a hand-kept split. Worker slot n (TEST_PARALLEL_INDEX, 0 to
 * workers - 1, kept by a worker that replaces a failed one) uses the base ports + 100 n. Playwright
 * loads this file again in every worker, after setting TEST_PARALLEL_INDEX, so `use.baseURL` and
 * the ports the specs import below are that worker's.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import type { SummyServerSpec } from './fixtures/summy-servers';

const root = path.resolve(import.meta.dirname, '..');

/**
 * How many workers, each with its own server (E2E_WORKERS; 1 runs the specs one by one). By
 * default one per core: with traces off, a worker leaves its core a third idle (its tests wait on
 * the pipeline, timers and the network), which typecheck and lint use (scripts/test.sh). On the
 * 2-core CI machine one worker took 801 s (with traces), two 474 s and three 449 s alone; beside
 * typecheck and lint, three took 499-540 s with single tests near their 60 s time-out, two 483 s
 * (docs/testing.md).
 */
const workers = Number(process.env.E2E_WORKERS ?? os.availableParallelism());
if (!Number.isInteger(workers) || workers < 1) {
  throw new Error(`E2E_WORKERS must be a whole number from 1, not '${process.env.E2E_WORKERS}'`);
}

const traceModes = [
  'off',
  'on',
  'retain-on-failure',
  'on-first-retry',
  'retain-on-first-failure',
] as const;

/** Playwright's trace mode: E2E_TRACE, one of {@link traceModes}, else 'off'. */
function traceMode(): (typeof traceModes)[number] {
  const mode = process.env.E2E_TRACE ?? 'off';
  const known = traceModes.find((m) => m === mode);
  if (!known) throw new Error(`E2E_TRACE must be one of ${traceModes.join(', ')}, not '${mode}'`);
  return known;
}

/** Distance between the port sets of two worker slots. */
const SLOT_PORT_STEP = 100;

/** This process's worker slot; the runner itself (no TEST_PARALLEL_INDEX) counts as slot 0. */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (slot >= workers) {
  // Playwright's --workers cannot start more servers: E2E_WORKERS does.
  throw new Error(`Worker slot ${slot} has no server: set E2E_WORKERS, not --workers`);
}

/** The port of `slot` for a base port (env `name`, else `fallback`). */
function slotPort(name: string, fallback: number, of = slot): number {
  return Number(process.env[name] ?? fallback) + SLOT_PORT_STEP * of;
}

/** The Summy server of worker slot `of` (E2E_PORT for slot 0). */
function serverURL(of: number): string {
  return `http://localhost:${slotPort('E2E_PORT', 3100, of)}`;
}

/** Every worker slot's Summy server, slot 0 first (fixtures/first-account.ts signs up on each). */
export const summyServerURLs = Array.from({ length: workers }, (_, of) => serverURL(of));

/**
 * Port of the Google fake that the Google specs start (E2E_GOOGLE_PORT for slot 0). The worker's
 * server is always pointed at it: it only calls Google when a Google flow runs, so the fake need
 * not be up for other specs.
 */
export const fakeGooglePort = slotPort('E2E_GOOGLE_PORT', 4011);

/**
 * Port of the model mirror (fixtures/model-mirror.ts) serving the tiny speech models, slowly, to
 * every server's model manager (MODELS_BASE_URL); their catalog replaces the built-in one
 * (MODELS_CATALOG), so every spec sees the tiny models and nothing is fetched from the internet.
 * One mirror serves all workers: it only reads the files it made.
 */
export const modelMirrorPort = Number(process.env.E2E_MODELS_PORT ?? 4012);

/** The path under the mirror that the server of worker slot `of` asks (its MODELS_BASE_URL). */
function mirrorPath(of: number): string {
  return `/w${of}`;
}

/**
 * Makes the mirror unreachable for this worker's server alone (`true`), or reachable again: its
 * requests are then dropped before any answer (fixtures/model-mirror.ts), as a host that cannot be
 * reached drops them.
 */
export function setModelMirrorUnreachable(unreachable: boolean): Promise<void> {
  return setMirrorSwitch('faults', unreachable);
}

/** Turns one of this worker's switches at the mirror (`/faults` or `/fast`) on or off. */
async function setMirrorSwitch(name: 'faults' | 'fast', on: boolean): Promise<void> {
  const url = `http://127.0.0.1:${modelMirrorPort}/${name}${mirrorPath(slot)}`;
  const res = await fetch(url, { method: on ? 'PUT' : 'DELETE' });
  if (!res.ok) throw new Error(`The model mirror answered ${res.status} to ${url}`);
}

/**
 * Sends this worker's model files at full speed (`true`), or at the mirror's pace again: for a
 * spec that needs models installed and watches no progress bar, the paced answers (up to 16 s
 * each, fixtures/model-mirror.ts) are only waiting.
 */
export function setModelMirrorFast(fast: boolean): Promise<void> {
  return setMirrorSwitch('fast', fast);
}

/**
 * Port of the Linear fake (@summy/fakes/linear) that the Linear specs start (E2E_LINEAR_PORT for
 * slot 0). Like Google's, the server always points at it (LINEAR_BASE_URL) and calls it only when
 * a Linear flow runs.
 */
export const fakeLinearPort = slotPort('E2E_LINEAR_PORT', 4013);
const modelsWork = mkdtempSync(path.join(os.tmpdir(), 'summy-e2e-models-'));

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell
 * (`chromium-headless-shell`, the same engine without the windowed browser's compositor and GPU
 * process), else Debian's Chromium. The shell spent about a fifth less CPU on the same specs
 * (docs/decisions/047-a-lighter-browser-and-seeded-servers.md).
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';

/** Flags that keep Chromium off the network it cannot reach here (docs/decisions/004-testing.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Summy server of worker slot `of`, pointed at that slot's fakes and at the shared mirror. */
function summyServer(of: number): SummyServerSpec {
  const url = serverURL(of);
  return {
    url,
    env: {
      PORT: String(slotPort('E2E_PORT', 3100, of)),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'summy-e2e-')),
      // Every spec signs up from 127.0.0.1, past the per-address sign-up limit (10 a minute) within
      // a run; fixtures/session.ts stands for a distinct client per user through X-Forwarded-For,
      // while the browser's own requests (no such header) keep the socket address.
      TRUST_PROXY: 'true',
      // Warnings and errors only: an access line per request would bury the run's output.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      GOOGLE_BASE_URL: `http://127.0.0.1:${slotPort('E2E_GOOGLE_PORT', 4011, of)}`,
      // The Google fake's default client (packages/fakes/README.md).
      GOOGLE_CLIENT_ID: 'summy-local.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'GOCSPX-summy-local-fake-secret',
      LINEAR_BASE_URL: `http://127.0.0.1:${slotPort('E2E_LINEAR_PORT', 4013, of)}`,
      // The Linear fake's default client (packages/fakes/src/linear/server.ts).
      LINEAR_CLIENT_ID: 'summy-local-linear-client',
      LINEAR_CLIENT_SECRET: 'lin_oauth_summy_local_fake_secret',
      MODELS_CATALOG: path.join(modelsWork, 'catalog.json'),
      MODELS_BASE_URL: `http://127.0.0.1:${modelMirrorPort}${mirrorPath(of)}`,
      // fixtures/session.ts signUpAdmin: who manages the server's speech models. And the Google
      // fake's seeded account, which the Google specs sign in as: a11y.spec.ts scans the screens
      // only an administrator sees (the first-run transcription prompt among them).
      SUMMY_ADMINS:
        'e2e-admin@example.com,e2e-admin-2@example.com,e2e-admin-3@example.com,e2e-admin-4@example.com,ada@acme.test',
      // reminders.spec.ts connects to a Radicale on 127.0.0.1 over plain http.
      CALDAV_ALLOW_PRIVATE_HOSTS: 'true',
      // webhooks.spec.ts sends its test event to a receiver on 127.0.0.1 over plain http.
      WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true',
    },
  };
}

/**
 * Every slot's Summy server, started at once by fixtures/summy-servers.ts: Playwright starts its
 * `webServer` entries one after the other, and two first starts back to back held the specs up
 * for 28 s instead of 15 (docs/testing.md). The entry is ready when the launcher says every
 * server answers its health check.
 */
function summyServers() {
  return {
    command: 'node --import tsx e2e/fixtures/summy-servers.ts',
    cwd: root,
    wait: { stdout: /e2e Summy servers healthy/ },
    // First starts (initdb, every migration: 8 s of CPU idle each) at a load of 40 on two cores;
    // the same bound as a spawned server's health wait (HEALTHY_TIMEOUT_MS in processes.ts).
    timeout: 180_000,
    stdout: 'pipe' as const,
    env: {
      E2E_SUMMY_SERVERS: JSON.stringify(
        Array.from({ length: workers }, (_, of) => summyServer(of)),
      ),
    },
  };
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/first-account.ts',
  outputDir: path.join(root, '.tmp/playwright-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The tests of a file run in order in one worker (some build on the state the earlier ones left).
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: path.join(root, '.tmp/playwright.json') }]],
  use: {
    baseURL: serverURL(slot),
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace screencasts and
    // snapshots every page of every test, which doubled Chromium's CPU time over the run (705 s of
    // the 1051 s a one-worker run used; docs/testing.md).
    trace: traceMode(),
    screenshot: 'only-on-failure',
    // The app stops its animations for reduced motion: an endless spinner or pulse keeps
    // Chromium repainting through every wait for a meeting to be processed.
    reducedMotion: 'reduce',
    // The installable app's service worker would answer requests before `page.route` sees them
    // (Playwright's network docs), which many specs rely on. tests/pwa.spec.ts and
    // tests/pwa-oauth.spec.ts allow it, and run the install, offline and OAuth popup flows on a
    // second visit, with the worker in charge.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/fixtures/model-mirror.ts',
      cwd: root,
      url: `http://127.0.0.1:${modelMirrorPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_MODELS_WORK: modelsWork, E2E_MODELS_PORT: String(modelMirrorPort) },
    },
    summyServers(),
  ],
});
