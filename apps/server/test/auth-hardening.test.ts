/**
 * Password guessing and account enumeration and the loopback origins: per-account and
 * per-address limits on the credential routes with their state in the database, 429 `{error,
 * details}` with Retry-After, TRUST_PROXY deciding whether X-Forwarded-For is believed, sign-up of
 * an existing e-mail answering like a new one, and http://127.0.0.1 accepted when PUBLIC_URL names
 * localhost.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@summy/db';
import { loadEnv } from '../src/env.ts';
import { CREDENTIAL_LIMITS } from '../src/http/auth-limits.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import {
  Client,
  createPostgresDatabase,
  openTestDatabase,
  signUp,
  testDbKind,
  TEST_ORIGIN,
  type Answer,
} from './harness.ts';

const PASSWORD = 'correct horse battery';
const { accountFailures, addressFailures } = CREDENTIAL_LIMITS;
let unique = 0;
const email = (name: string) => `${name}-${process.pid}-${Date.now()}-${unique++}@example.com`;

// One database for the whole file, as several servers of one deployment would share it:
// `proxied` and `proxied2` behind a trusted proxy (TRUST_PROXY=1, PUBLIC_URL the harness's),
// `direct` with no proxy and PUBLIC_URL on localhost. PGlite lives in this process, so its
// servers share the handle; on PostgreSQL each server has its own pool on one URL.
const handles: DatabaseHandle[] = [];
let proxied: RunningServer;
let proxied2: RunningServer;
let direct: RunningServer;

beforeAll(async () => {
  const url = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  const shared = url ? undefined : await openTestDatabase();
  if (shared) handles.push(shared);
  const start = async (settings: Record<string, string>) => {
    const db = shared ?? (await openDatabase({ databaseUrl: url }));
    if (db !== shared) handles.push(db);
    const env = loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'summy-limits-')),
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      ...settings,
    });
    return startServer(env, db, { workers: false });
  };
  proxied = await start({ PUBLIC_URL: TEST_ORIGIN, TRUST_PROXY: '1' });
  proxied2 = await start({ PUBLIC_URL: TEST_ORIGIN, TRUST_PROXY: 'true' });
  direct = await start({ PUBLIC_URL: 'http://localhost:3000' });
}, 180_000);

afterAll(async () => {
  for (const s of [proxied, proxied2, direct]) await s?.close();
  for (const h of handles) await h.close();
});

/** POSTs JSON as a browser on `origin` would, from `forwardedFor` when given. */
function post(
  server: { url: string },
  route: string,
  body: unknown,
  forwardedFor?: string,
  origin = TEST_ORIGIN,
): Promise<Answer> {
  return new Client(server.url, '', origin).request(
    'POST',
    route,
    body,
    forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  );
}

/** POSTs JSON from another loopback address (`localAddress`, e.g. 127.0.0.2) of this machine. */
function postFrom(
  localAddress: string,
  server: { url: string },
  route: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      server.url + route,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': data.length, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            if (typeof v === 'string') out.set(k, v);
          resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : text, headers: out });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

function expectLimited(res: Answer) {
  expect(res.status).toBe(429);
  expect(res.body.error).toBe('Too many requests');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(res.body.details).toBe(`Rate limit exceeded. Please try again in ${retryAfter} seconds.`);
}

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  const server = {
    get url() {
      return proxied.url;
    },
  };

  it(
    'refuses an account after 5 wrong passwords from varied addresses, the right one too',
    {
      timeout: 120_000,
    },
    async () => {
      const victim = await signUp(server, 'Victim');
      for (let i = 0; i < accountFailures.max; i++) {
        const res = await post(
          server,
          '/api/auth/sign-in/email',
          { email: victim.email, password: `wrong password ${i}` },
          `203.0.113.${i + 1}`,
        );
        expect(res.status).toBe(401);
      }
      expectLimited(
        await post(
          server,
          '/api/auth/sign-in/email',
          { email: victim.email, password: 'one more guess' },
          '203.0.113.50',
        ),
      );
      // The right password, from a fresh address and with the e-mail in capitals: still refused.
      const right = await post(
        server,
        '/api/auth/sign-in/email',
        { email: victim.email.toUpperCase(), password: PASSWORD },
        '203.0.113.51',
      );
      expectLimited(right);
      expect(right.headers.getSetCookie()).toEqual([]);
      // Other accounts are not affected.
      const other = await signUp(server, 'Other');
      const otherSignIn = await post(
        server,
        '/api/auth/sign-in/email',
        { email: other.email, password: PASSWORD },
        '203.0.113.1',
      );
      expect(otherSignIn.status).toBe(200);
    },
  );

  it(
    'refuses an address after 20 failed attempts over as many accounts, even when sent at once',
    { timeout: 120_000 },
    async () => {
      const address = '198.51.100.7';
      const answers = await Promise.all(
        Array.from({ length: addressFailures.max + 3 }, () =>
          post(
            server,
            '/api/auth/sign-in/email',
            { email: email('guess'), password: 'wrong password' },
            address,
          ),
        ),
      );
      expect(answers.filter((r) => r.status === 401)).toHaveLength(addressFailures.max);
      const limited = answers.filter((r) => r.status !== 401);
      expect(limited).toHaveLength(3);
      limited.forEach(expectLimited);
      // Sign-up from that address is refused too; another address is not limited.
      expectLimited(
        await post(
          server,
          '/api/auth/sign-up/email',
          { name: 'N', email: email('new'), password: PASSWORD },
          address,
        ),
      );
      const elsewhere = await post(
        server,
        '/api/auth/sign-in/email',
        { email: email('guess'), password: 'wrong password' },
        '198.51.100.8',
      );
      expect(elsewhere.status).toBe(401);
    },
  );

  it('answers sign-up of an existing e-mail exactly like a new one, and signs neither in', async () => {
    const existing = await signUp(server, 'Existing');
    const again = await post(
      server,
      '/api/auth/sign-up/email',
      { name: 'Someone', email: existing.email, password: 'another password' },
      '192.0.2.10',
    );
    const fresh = await post(
      server,
      '/api/auth/sign-up/email',
      { name: 'Someone', email: email('fresh'), password: 'another password' },
      '192.0.2.11',
    );
    for (const res of [again, fresh]) {
      expect(res.status).toBe(200);
      expect(res.body.token).toBeNull();
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('set-auth-token')).toBeNull();
    }
    const shape = (res: Answer) => ({
      keys: Object.keys(res.body).sort(),
      userKeys: Object.keys(res.body.user).sort(),
      headers: [...res.headers.keys()].filter((h) => h !== 'date').sort(),
      user: {
        ...res.body.user,
        id: typeof res.body.user.id,
        email: '',
        createdAt: '',
        updatedAt: '',
      },
    });
    expect(shape(again)).toEqual(shape(fresh));
    expect(again.body.user.id).not.toBe(existing.userId);
    // The existing account keeps its password.
    const signIn = await post(
      server,
      '/api/auth/sign-in/email',
      { email: existing.email, password: PASSWORD },
      '192.0.2.12',
    );
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.id).toBe(existing.userId);
  });

  it("answers Better Auth's own per-address limit in the same shape", async () => {
    // Better Auth's default rule: 100 requests a minute per address and path.
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${server.url}/api/auth/ok`, {
        headers: { 'x-forwarded-for': '192.0.2.99' },
      });
      expect(res.status).toBe(200);
    }
    const over = await new Client(server.url).request('GET', '/api/auth/ok', undefined, {
      'x-forwarded-for': '192.0.2.99',
    });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('Too many requests');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('Google sign-in from one address', () => {
  it('takes 30 starts a minute, not Better Auth’s 3 per 10 s, then answers 429', async () => {
    // The limiter runs before the endpoint, so a server without Google counts the starts too.
    const start = () =>
      post(proxied, '/api/auth/sign-in/social', { provider: 'google' }, '192.0.2.77');
    for (let i = 0; i < 30; i++) expect((await start()).status).not.toBe(429);
    expectLimited(await start());
  });
});

describe('two servers on one database', () => {
  it('share the per-account and per-address counters', { timeout: 120_000 }, async () => {
    const [one, two] = [proxied, proxied2];
    const victim = await signUp(one, 'Victim');
    for (let i = 0; i < accountFailures.max; i++) {
      const res = await post(
        i % 2 ? two : one,
        '/api/auth/sign-in/email',
        { email: victim.email, password: `wrong password ${i}` },
        `203.0.113.${i + 1}`,
      );
      expect(res.status).toBe(401);
    }
    expectLimited(
      await post(
        two,
        '/api/auth/sign-in/email',
        { email: victim.email, password: PASSWORD },
        '203.0.113.60',
      ),
    );
    expectLimited(
      await post(
        one,
        '/api/auth/sign-in/email',
        { email: victim.email, password: PASSWORD },
        '203.0.113.61',
      ),
    );
    // Better Auth's limiter too: 100 requests a minute per address and path, over both servers.
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${(i % 2 ? two : one).url}/api/auth/ok`, {
        headers: { 'x-forwarded-for': '192.0.2.98' },
      });
      expect(res.status).toBe(200);
    }
    const over = await fetch(`${one.url}/api/auth/ok`, {
      headers: { 'x-forwarded-for': '192.0.2.98' },
    });
    expect(over.status).toBe(429);
  });
});

describe('PUBLIC_URL on a loopback name, no proxy (TRUST_PROXY unset)', () => {
  const server = {
    get url() {
      return direct.url;
    },
  };

  it('accepts sign-up and sign-in from the other loopback names', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
      const user = await signUp({ url: server.url, origin }, 'Loopback');
      expect((await user.get('/api/meetings')).status).toBe(200);
      expect((await user.post('/api/meetings', { title: 'From ' + origin })).status).toBe(201);
    }
  });

  it('refuses another origin with 403 naming the URL to open', async () => {
    for (const route of ['/api/auth/sign-up/email', '/api/meetings']) {
      const res = await post(
        server,
        route,
        { name: 'N', email: email('lan'), password: PASSWORD },
        undefined,
        'http://192.168.1.20:3000',
      );
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Forbidden');
      expect(res.body.details).toMatch(/^Open Summy at http:\/\/localhost:3000 \(PUBLIC_URL\)/);
    }
  });

  it(
    'ignores X-Forwarded-For: varied forwarded addresses from one socket address count as one',
    { timeout: 120_000 },
    async () => {
      // From 127.0.0.2, so the budget spent here is not that of the other clients (127.0.0.1).
      const answers = await Promise.all(
        Array.from({ length: addressFailures.max + 3 }, (_, i) =>
          postFrom(
            '127.0.0.2',
            server,
            '/api/auth/sign-in/email',
            { email: email('spoof'), password: 'wrong password' },
            { origin: 'http://localhost:3000', 'x-forwarded-for': `10.9.${i}.1` },
          ),
        ),
      );
      expect(answers.filter((r) => r.status === 401)).toHaveLength(addressFailures.max);
      const limited = answers.filter((r) => r.status !== 401);
      expect(limited).toHaveLength(3);
      limited.forEach(expectLimited);
      // 127.0.0.1 is another address: not limited.
      const other = await post(
        server,
        '/api/auth/sign-in/email',
        { email: email('spoof'), password: 'wrong password' },
        '10.9.0.1',
        'http://localhost:3000',
      );
      expect(other.status).toBe(401);
    },
  );
});
