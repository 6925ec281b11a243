/**
 * Administrators and sign-up rules: the first account is an administrator, the second is not;
 * only administrators download, pause, cancel and remove the server's speech models (403
 * `{error, details}` for the others, who still see what is installed, but not why a download
 * failed); SUMMY_ADMINS and
 * `summy admin` (its service) change who is one, at once; SIGNUP=closed refuses every new
 * account, by password or by Google, while existing accounts sign in; SIGNUP=invite lets in only
 * invited addresses. Real servers over one database, the loopback model mirror and Google fake.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '@summy/db';
import { modelsListSchema, type ModelStatus } from '@summy/core';
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import {
  startModelServer,
  writeTinyModels,
  type ModelServer,
  type TinyModels,
} from '@summy/fakes/models';
import { loadEnv } from '../src/env.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { setAdmin } from '../src/services/auth/admins.ts';
import { addInvite, listInvites } from '../src/services/auth/signup-policy.ts';
import { fakeGoogleEnv, googleOAuth, signInWithGoogle } from './google.ts';
import { Client, signUp, startTestServer, TEST_ORIGIN } from './harness.ts';

const RECOGNIZER = 'tiny-nemo-ctc-en';
const EMBEDDING = 'tiny-speaker-embedding';
const PASSWORD = 'correct horse battery';
const NOT_ADMIN = {
  error: 'Forbidden',
  details:
    'Only an administrator can download, cancel or remove speech models. Ask the administrator of this server.',
};

const root = mkdtempSync(path.join(os.tmpdir(), 'summy-admins-'));
let tiny: TinyModels;
let mirror: ModelServer;
let google: FakeGoogle;
let server: RunningServer;
let alice: Client;
let bob: Client;
const others: RunningServer[] = [];

function settings(): Record<string, string> {
  return {
    MODELS_CATALOG: tiny.catalogFile,
    MODELS_BASE_URL: mirror.url,
    SESSION_CACHE_SECONDS: '60',
    ...fakeGoogleEnv(google),
  };
}

/** A second server over the same database with other settings (a restart with a new .env). */
async function restartedWith(extra: Record<string, string>): Promise<RunningServer> {
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(root, 'data-')),
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...settings(),
    ...extra,
  });
  const other = await startServer(env, server.database, { workers: false });
  others.push(other);
  return other;
}

async function signUpAs(target: { url: string }, email: string, body: object = {}) {
  const client = new Client(target.url, email);
  const res = await client.post('/api/auth/sign-up/email', {
    name: email,
    email,
    password: PASSWORD,
    ...body,
  });
  return { client, res };
}

async function signInAs(target: { url: string }, email: string) {
  const client = new Client(target.url, email);
  const res = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  return { client, res };
}

async function roleOf(client: Client): Promise<string> {
  return (await client.get('/api/auth/get-session')).body.user.role;
}

async function statusOf(client: Client, id: string): Promise<ModelStatus> {
  const res = await client.get('/api/models');
  expect(res.status).toBe(200);
  return modelsListSchema.parse(res.body).models.find((m) => m.id === id)!;
}

async function settled(id: string): Promise<ModelStatus> {
  for (;;) {
    const status = await statusOf(alice, id);
    if (status.state !== 'downloading') return status;
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  tiny = await writeTinyModels(path.join(root, 'tiny'));
  mirror = await startModelServer(tiny.archivesDir);
  google = await startFakeGoogle();
  server = await startTestServer(settings());
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(async () => {
  for (const other of others) await other.close();
  await server?.close();
  await mirror?.close();
  await google?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('administrators', () => {
  it('makes the first account an administrator and the next ones users', async () => {
    expect(await roleOf(alice)).toBe('admin');
    expect(await roleOf(bob)).toBe('user');
    // A sign-up cannot name its own role: refused, or created as a user.
    const mallory = `mallory-${Date.now()}@example.com`;
    await signUpAs(server, mallory, { role: 'admin' });
    const rows = await server.database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, mallory));
    expect(rows.map((r) => r.role)).not.toContain('admin');
  });

  it('lets only administrators download, pause, cancel and remove; others see what is installed', async () => {
    expect((await alice.post(`/api/models/${RECOGNIZER}/download`)).status).toBe(202);
    expect((await settled(RECOGNIZER)).state).toBe('installed');
    expect(await statusOf(bob, RECOGNIZER)).toMatchObject({ state: 'installed' });

    const asked = mirror.requests.length;
    for (const res of [
      await bob.post(`/api/models/${EMBEDDING}/download`),
      await bob.post(`/api/models/${RECOGNIZER}/pause`),
      await bob.post(`/api/models/${RECOGNIZER}/cancel`),
      await bob.delete(`/api/models/${RECOGNIZER}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(NOT_ADMIN);
    }
    expect(mirror.requests.length).toBe(asked);
    expect(await statusOf(bob, RECOGNIZER)).toMatchObject({ state: 'installed' });
    expect(await statusOf(bob, EMBEDDING)).toMatchObject({ state: 'absent' });

    // Bob cannot stop Alice's download either.
    mirror.setFaults({ chunkBytes: 512, delayMsPerChunk: 20 });
    expect((await alice.post(`/api/models/${EMBEDDING}/download`)).status).toBe(202);
    expect((await bob.post(`/api/models/${EMBEDDING}/cancel`)).status).toBe(403);
    expect((await statusOf(alice, EMBEDDING)).state).toBe('downloading');
    mirror.setFaults({});
    expect((await settled(EMBEDDING)).state).toBe('installed');
  });

  it("keeps a failed download's error text, which speaks to the operator, to administrators", async () => {
    expect((await alice.delete(`/api/models/${RECOGNIZER}`)).status).toBe(204);
    mirror.setFaults({ status: 404 });
    expect((await alice.post(`/api/models/${RECOGNIZER}/download`)).status).toBe(202);
    expect((await settled(RECOGNIZER)).state).toBe('failed');
    mirror.setFaults({});
    expect((await statusOf(alice, RECOGNIZER)).error).toEqual({
      error: 'Model download failed',
      details: expect.stringContaining('answered HTTP 404'),
    });
    // Bob sees that it is not installed, and nothing of the mirror, its address or the settings.
    const res = await bob.get('/api/models');
    expect(res.status).toBe(200);
    const seen = modelsListSchema.parse(res.body).models.find((m) => m.id === RECOGNIZER)!;
    expect(seen.state).toBe('failed');
    expect(seen).not.toHaveProperty('error');
    expect(JSON.stringify(res.body)).not.toMatch(/HTTP 404|MODELS_BASE_URL|127\.0\.0\.1/);
  });

  it('gives and takes the role with `summy admin` at once, whatever the session cookie cached', async () => {
    expect(await setAdmin(server.database.db, bob.email, true)).toBe(true);
    expect((await bob.delete(`/api/models/${EMBEDDING}`)).status).toBe(204);
    expect(await setAdmin(server.database.db, bob.email.toUpperCase(), false)).toBe(true);
    expect((await bob.post(`/api/models/${EMBEDDING}/download`)).status).toBe(403);
    expect(await setAdmin(server.database.db, 'nobody@example.com', true)).toBe(false);
  });
});

describe('sign-up rules', () => {
  it('SUMMY_ADMINS makes its existing and new accounts administrators', async () => {
    const carol = await signUp(server, 'Carol');
    expect(await roleOf(carol)).toBe('user');
    const dave = `dave-${Date.now()}@example.com`;
    const other = await restartedWith({ SUMMY_ADMINS: ` ${carol.email.toUpperCase()} , ${dave}` });
    const carolAgain = (await signInAs(other, carol.email)).client;
    expect(await roleOf(carolAgain)).toBe('admin');
    const { res } = await signUpAs(other, dave);
    expect(res.status).toBe(200);
    expect(await roleOf((await signInAs(other, dave)).client)).toBe('admin');
  });

  it('SIGNUP=closed refuses new accounts, the same for a known address, and lets accounts sign in', async () => {
    // Grace's Google account exists before the server closes.
    await signInWithGoogle(server, google, 'grace@globex.test');
    const closed = await restartedWith({ SIGNUP: 'closed' });
    const refusal = {
      code: 'SIGNUP_CLOSED',
      message:
        'Sign-up is closed on this server. Ask its administrator to create an account for you.',
      error: 'Sign-up refused',
      details:
        'Sign-up is closed on this server. Ask its administrator to create an account for you.',
    };
    const stranger = `stranger-${Date.now()}@example.com`;
    const fresh = await signUpAs(closed, stranger);
    expect(fresh.res.status).toBe(403);
    expect(fresh.res.body).toMatchObject(refusal);
    const known = await signUpAs(closed, bob.email);
    expect(known.res.status).toBe(403);
    expect(known.res.body).toMatchObject(refusal);
    const rows = await server.database.db.select().from(user).where(eq(user.email, stranger));
    expect(rows).toEqual([]);

    const { res } = await signInAs(closed, alice.email);
    expect(res.status).toBe(200);

    // Google: a known account signs in, a new one is sent back with the reason.
    await signInWithGoogle(closed, google, 'grace@globex.test');
    const client = new Client(closed.url, 'ada@acme.test');
    const start = await client.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: '/login',
    });
    const back = await googleOAuth(closed, google, client, start, 'ada@acme.test');
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!, closed.url);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('SIGNUP_CLOSED');
    expect(location.searchParams.get('error_description')).toBe(refusal.message);
    const ada = await server.database.db.select().from(user).where(eq(user.email, 'ada@acme.test'));
    expect(ada).toEqual([]);
  });

  it('SIGNUP=invite lets in invited addresses once, and refuses the rest', async () => {
    const invite = await restartedWith({ SIGNUP: 'invite' });
    const invited = `Invited-${Date.now()}@Example.com`;
    await addInvite(server.database.db, invited);
    const refused = await signUpAs(invite, `uninvited-${Date.now()}@example.com`);
    expect(refused.res.status).toBe(403);
    expect(refused.res.body).toMatchObject({
      code: 'SIGNUP_NOT_INVITED',
      details:
        'Sign-up on this server is by invitation. Ask its administrator to invite this e-mail address.',
    });
    const { res } = await signUpAs(invite, invited.toLowerCase());
    expect(res.status).toBe(200);
    expect(await listInvites(server.database.db)).toEqual([]);
    expect((await signInAs(invite, invited.toLowerCase())).res.status).toBe(200);
  });
});
