/**
 * Test harness: starts a real Summy server on a free loopback port over a fresh database (PGlite
 * in memory, or a new database on the run's PostgreSQL server, by SUMMY_TEST_DB), copied from
 * the run's migrated template (docs/testing.md), and HTTP clients that sign up and carry their
 * session cookie like a browser would.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@summy/db';
import { loadEnv, type Env } from '../src/env.ts';
import { startServer, type RunningServer, type ServerOptions } from '../src/server.ts';
import { setupStep } from './setup-steps.ts';

/** Which database this test project runs on. */
export const testDbKind = (process.env.SUMMY_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** What a test database holds when it is handed over. */
export interface TestDatabaseOptions {
  /**
   * true (the default): every migration applied, as a copy of the run's template that the
   * project's global setup migrated once; false: no migration applied, for tests of the
   * migrations themselves.
   */
  migrated?: boolean;
}

/**
 * Creates a database on the run's PostgreSQL server and returns its URL: a copy of the migrated
 * template (`CREATE DATABASE … TEMPLATE`, postgres-global-setup.ts), or an empty one.
 */
export async function createPostgresDatabase({
  migrated = true,
}: TestDatabaseOptions = {}): Promise<string> {
  const url = inject('postgresUrl');
  const name = `summy_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const template = migrated ? ` TEMPLATE ${pg.escapeIdentifier(inject('postgresTemplate'))}` : '';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${template}`);
  } finally {
    await client.end();
  }
  return url.replace(/\/postgres$/, `/${name}`);
}

// The dumps this worker has read (pglite-global-setup.ts wrote them), by file: a worker runs
// file after file in one module graph (isolate: false), so each dump is read once per worker.
const pgliteDumps = new Map<string, Uint8Array>();

/** The PGlite dump to start from: the migrated template's or the blank database's. */
function pgliteDump(migrated: boolean): Uint8Array {
  const { migrated: migratedFile, blank } = inject('pgliteTemplate');
  const file = migrated ? migratedFile : blank;
  let dump = pgliteDumps.get(file);
  if (!dump) pgliteDumps.set(file, (dump = readFileSync(file)));
  return dump;
}

/**
 * Opens a fresh database of this project's kind: PGlite in memory started from the global
 * setup's dump (no initdb), or a new database on the run's PostgreSQL server; migrated unless
 * `{ migrated: false }`.
 */
export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (testDbKind === 'postgres')
    return openDatabase({ databaseUrl: await createPostgresDatabase(options) });
  return openDatabase({ pgliteLoadDataDir: pgliteDump(options.migrated ?? true) });
}

/** PUBLIC_URL of in-process test servers: the origin their clients present, like a browser. */
export const TEST_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Settings of an in-process test server: a free loopback port, a new temporary DATA_DIR,
 * PUBLIC_URL {@link TEST_ORIGIN}, then `extraEnv`.
 */
export function testEnv(extraEnv: Record<string, string> = {}): Env {
  return loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'summy-test-')),
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Warnings and errors only: an access line per request would bury the test output.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...extraEnv,
  });
}

/**
 * Starts a server over a fresh, migrated database (options: pipeline tools, workers on or off;
 * the contacts sync worker is off unless `contactsSync: true`).
 */
export async function startTestServer(
  extraEnv: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const env = testEnv(extraEnv);
  const database = await setupStep('open the test database', () => openTestDatabase());
  // The contacts sync only where a test asks for it (see ServerOptions.contactsSync).
  let server: RunningServer;
  try {
    server = await setupStep('start the test server', () =>
      startServer(env, database, { contactsSync: false, ...options }),
    );
  } catch (err) {
    // Nobody else holds the database: left open, its PGlite thread outlives the file.
    await database.close();
    throw err;
  }
  // A server leaves a database it was given open; this one is the test's alone. Left open, each
  // file's PGlite thread outlived it, and a Vitest worker running file after file grew by
  // hundreds of megabytes a file, to 6 GB.
  const closeServer = server.close;
  let closed: Promise<void> | undefined;
  server.close = () =>
    (closed ??= (async () => {
      await closeServer();
      await database.close();
    })());
  return server;
}

/** A JSON answer: status, parsed body, headers. */
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** An HTTP client that keeps its session cookie. */
export class Client {
  cookie = '';
  userId = '';
  constructor(
    readonly baseUrl: string,
    readonly email = '',
    /** Sent as the Origin header of writes, as a browser on Summy's page would. */
    readonly origin: string = TEST_ORIGIN,
  ) {}

  /** Sends a request; JSON bodies are serialized and answers parsed when JSON. */
  async request<T = any>(
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    // A header given as '' is left out (e.g. to send a write with no Origin).
    const allHeaders: Record<string, string> = Object.fromEntries(
      Object.entries({
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method !== 'GET' ? { origin: this.origin } : {}),
        ...headers,
      }).filter(([, v]) => v !== ''),
    );
    const res = await fetch(this.baseUrl + route, {
      method,
      headers: allHeaders,
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    this.keepCookies(res);
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** Keeps the cookies `res` sets, drops those it clears (as a browser's jar). */
  keepCookies(res: Response): void {
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length === 0) return;
    const jar = new Map(
      this.cookie
        .split('; ')
        .filter(Boolean)
        .map((c) => c.split(/=(.*)/s).slice(0, 2) as [string, string]),
    );
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split(/=(.*)/s) as [string, string];
      if (v === '' || /max-age=0/i.test(c)) jar.delete(k);
      else jar.set(k, v);
    }
    this.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get<T = any>(route: string) {
    return this.request<T>('GET', route);
  }
  post<T = any>(route: string, body: unknown = {}) {
    return this.request<T>('POST', route, body);
  }
  patch<T = any>(route: string, body: unknown) {
    return this.request<T>('PATCH', route, body);
  }
  put<T = any>(route: string, body: unknown) {
    return this.request<T>('PUT', route, body);
  }
  delete<T = any>(route: string) {
    return this.request<T>('DELETE', route);
  }
}

let counter = 0;

/**
 * Signs up a new user through `/api/auth/sign-up/email`, then signs in through
 * `/api/auth/sign-in/email` (sign-up never signs in), and returns a client holding its session.
 */
export async function signUp(
  server: { url: string; origin?: string },
  name = 'User',
): Promise<Client> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${process.pid}-${Date.now()}-${counter++}@example.com`;
  const client = new Client(server.url, email, server.origin ?? TEST_ORIGIN);
  const res = await client.post('/api/auth/sign-up/email', {
    name,
    email,
    password: 'correct horse battery',
  });
  if (res.status !== 200)
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const signIn = await client.post('/api/auth/sign-in/email', {
    email,
    password: 'correct horse battery',
  });
  if (signIn.status !== 200)
    throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  client.userId = signIn.body.user.id;
  return client;
}
