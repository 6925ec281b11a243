/**
 * Test harness: starts a real Summy server on a free loopback port over a fresh database (PGlite
 * in memory, or a new database on the run's PostgreSQL server, by SUMMY_TEST_DB), and HTTP
 * clients that sign up and carry their session cookie like a browser would.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@summy/db';
import { loadEnv } from '../src/env.ts';
import { startServer, type RunningServer, type ServerOptions } from '../src/server.ts';

/** Which database this test project runs on. */
export const testDbKind = (process.env.SUMMY_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** Creates an empty database on the run's PostgreSQL server and returns its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const url = inject('postgresUrl');
  const name = `summy_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await client.end();
  return url.replace(/\/postgres$/, `/${name}`);
}

/** Opens a fresh, unmigrated database of this project's kind. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDbKind === 'postgres')
    return openDatabase({ databaseUrl: await createPostgresDatabase() });
  return openDatabase({});
}

/** PUBLIC_URL of in-process test servers: the origin their clients present, like a browser. */
export const TEST_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Starts a server over a fresh database (options: pipeline tools, workers on or off; the contacts
 * sync worker is off unless `contactsSync: true`).
 */
export async function startTestServer(
  extraEnv: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-test-'));
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Warnings and errors only: an access line per request would bury the test output.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...extraEnv,
  });
  // The contacts sync only where a test asks for it (see ServerOptions.contactsSync).
  return startServer(env, await openTestDatabase(), { contactsSync: false, ...options });
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
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length > 0) {
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
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers };
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
