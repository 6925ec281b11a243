/**
 * Playwright in Debian's Chromium (/usr/bin/chromium; never a downloaded browser) against a real
 * Summy server with a fresh DATA_DIR (embedded PGlite), started by `webServer`.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');

/**
 * Port of the Google fake that tests/google.spec.ts starts. The server is always pointed at it:
 * it only calls Google when a Google flow runs, so the fake need not be up for other specs.
 */
export const fakeGooglePort = Number(process.env.E2E_GOOGLE_PORT ?? 4011);

/**
 * Port of the model mirror (fixtures/model-mirror.ts) serving the tiny speech models, slowly, to
 * the server's model manager (MODELS_BASE_URL); their catalog replaces the built-in one
 * (MODELS_CATALOG), so every spec sees the tiny models and nothing is fetched from the internet.
 */
export const modelMirrorPort = Number(process.env.E2E_MODELS_PORT ?? 4012);

/**
 * Port of the Linear fake (@summy/fakes/linear) that tests/linear.spec.ts starts. Like Google's,
 * the server always points at it (LINEAR_BASE_URL) and calls it only when a Linear flow runs.
 */
export const fakeLinearPort = Number(process.env.E2E_LINEAR_PORT ?? 4013);
const modelsWork = mkdtempSync(path.join(os.tmpdir(), 'summy-e2e-models-'));

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

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, '.tmp/playwright-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: path.join(root, '.tmp/playwright.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The installable app's service worker would answer requests before `page.route` sees them
    // (Playwright's network docs), which many specs rely on. tests/pwa.spec.ts and
    // tests/pwa-oauth.spec.ts allow it, and run the install, offline and OAuth popup flows on a
    // second visit, with the worker in charge.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'summy-e2e-')),
        // Every spec signs up from 127.0.0.1, past the per-address sign-up limit (10 a minute) within
        // a run; fixtures/session.ts stands for a distinct client per user through X-Forwarded-For,
        // while the browser's own requests (no such header) keep the socket address.
        TRUST_PROXY: 'true',
        GOOGLE_BASE_URL: `http://127.0.0.1:${fakeGooglePort}`,
        // The Google fake's default client (packages/fakes/README.md).
        GOOGLE_CLIENT_ID: 'summy-local.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'GOCSPX-summy-local-fake-secret',
        LINEAR_BASE_URL: `http://127.0.0.1:${fakeLinearPort}`,
        // The Linear fake's default client (packages/fakes/src/linear/server.ts).
        LINEAR_CLIENT_ID: 'summy-local-linear-client',
        LINEAR_CLIENT_SECRET: 'lin_oauth_summy_local_fake_secret',
        MODELS_CATALOG: path.join(modelsWork, 'catalog.json'),
        MODELS_BASE_URL: `http://127.0.0.1:${modelMirrorPort}`,
        // fixtures/session.ts signUpAdmin: who manages the server's speech models.
        SUMMY_ADMINS: 'e2e-admin@example.com,e2e-admin-2@example.com',
        // reminders.spec.ts connects to a Radicale on 127.0.0.1 over plain http.
        CALDAV_ALLOW_PRIVATE_HOSTS: 'true',
      },
    },
  ],
});
