/**
 * Administration (`/api/admin/*`): non-administrators and API keys get 403 on every route; the
 * users list with usage; making and revoking administrators (never the last); disabling ends the
 * sessions at once, despite a fresh session cookie cache, refuses sign-in and API keys, and is
 * undone by enabling; deleting removes the rows and stored objects; nobody disables or deletes
 * themself; invitations; the stored sign-up mode overriding SIGNUP; the server's state. On PGlite
 * and PostgreSQL (the advisory lock and the cascades).
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meetings, user } from '@summy/db';
import { adminUserListSchema, serverStateSchema, type AdminUser } from '@summy/core';
import type { RunningServer } from '../src/server.ts';
import { Client, signUp, startTestServer } from './harness.ts';
import { buildBody, plausibleString, type Schema } from './schema-bodies.ts';

const PASSWORD = 'correct horse battery';
const NOT_ADMIN = {
  error: 'Forbidden',
  details: 'Only an administrator can administer this server.',
};

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  // A session cookie cache of 60 s: disabling must hold at once all the same.
  server = await startTestServer({ SESSION_CACHE_SECONDS: '60', SIGNUP: 'open' });
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(() => server?.close());

/**
 * Every administration route of the OpenAPI document, with its path parameters filled and a body
 * built from its schema, so a route added later is walked too.
 */
async function adminRoutes(): Promise<[string, string, unknown?][]> {
  const doc = (await alice.get('/api/openapi.json')).body as Schema;
  const routes: [string, string, unknown?][] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    if (!path.startsWith('/api/admin/')) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      if (!item[method]) continue;
      const schema = item[method].requestBody?.content?.['application/json']?.schema;
      const body = schema
        ? buildBody(schema, doc, (s, at) =>
            at.at(-1) === 'email' ? 'eve@example.com' : plausibleString(s, { uuid: 'some-id' }),
          )
        : undefined;
      routes.push([method.toUpperCase(), path.replace(/\{\w+\}/g, 'some-id'), body]);
    }
  }
  return routes;
}

async function users(): Promise<AdminUser[]> {
  const res = await alice.get('/api/admin/users');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return adminUserListSchema.parse(res.body).users;
}

async function signIn(email: string) {
  const client = new Client(server.url, email);
  const res = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  return { client, res };
}

describe('administration', () => {
  it('answers 403 to non-administrators on every route, and to API keys', async () => {
    const routes = await adminRoutes();
    // Users, roles, disabling, deleting, invitations, sign-up mode, server state.
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const [method, route, body] of routes) {
      const res = await bob.request(method, route, body);
      expect(res.status, `${method} ${route}`).toBe(403);
      expect(res.body, `${method} ${route}`).toEqual(NOT_ADMIN);
    }
    const key = (await alice.post('/api/api-keys', { name: 'Admin', scope: 'read-write' })).body;
    const withKey = await fetch(`${server.url}/api/admin/users`, {
      headers: { authorization: `Bearer ${key.key as string}` },
    });
    expect(withKey.status).toBe(403);
    expect((await new Client(server.url).get('/api/admin/users')).status).toBe(401);
  });

  it('lists users with role, meetings and bytes stored', async () => {
    await bob.post('/api/meetings', { title: 'Bob', transcript: 'Speaker 1: Hi.' });
    await server.storage.put(
      `${bob.userId}/1-meeting-audio.webm`,
      Readable.from('12345'),
      'audio/webm',
    );
    const list = await users();
    expect(list.map((u) => u.email)).toEqual([alice.email, bob.email]);
    expect(list[0]).toMatchObject({ name: 'Alice', role: 'admin', disabledAt: null, meetings: 0 });
    expect(list[1]).toMatchObject({ role: 'user', meetings: 1, storageBytes: 5 });
    expect(list[1]!.lastSeenAt).not.toBeNull();
  });

  it('makes and revokes administrators, never the last one', async () => {
    const refused = await alice.put(`/api/admin/users/${alice.userId}/role`, { role: 'user' });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toContain('last administrator');
    expect((await alice.put(`/api/admin/users/${bob.userId}/role`, { role: 'admin' })).status).toBe(
      204,
    );
    expect((await bob.get('/api/admin/users')).status).toBe(200);
    expect((await bob.put(`/api/admin/users/${bob.userId}/role`, { role: 'user' })).status).toBe(
      204,
    );
    expect((await bob.get('/api/admin/users')).status).toBe(403);
    expect((await alice.put('/api/admin/users/nobody/role', { role: 'admin' })).status).toBe(404);
  });

  it('disables at once (sessions, sign-in, API keys) and enables again', async () => {
    const key = (await bob.post('/api/api-keys', { name: 'Script', scope: 'read' })).body;
    expect((await bob.get('/api/meetings')).status).toBe(200);
    expect(
      (await alice.put(`/api/admin/users/${bob.userId}/disabled`, { disabled: true })).status,
    ).toBe(204);
    const refused = await bob.get('/api/meetings');
    expect(refused.status).toBe(401);
    expect(refused.body.details).toContain('This account is disabled');
    const keyed = await fetch(`${server.url}/api/meetings`, {
      headers: { authorization: `Bearer ${key.key as string}` },
    });
    expect(keyed.status).toBe(401);
    const { res } = await signIn(bob.email);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('This account is disabled');
    expect((await users()).find((u) => u.id === bob.userId)?.disabledAt).not.toBeNull();

    expect(
      (await alice.put(`/api/admin/users/${bob.userId}/disabled`, { disabled: false })).status,
    ).toBe(204);
    const again = await signIn(bob.email);
    expect(again.res.status).toBe(200);
    expect((await again.client.get('/api/meetings')).status).toBe(200);
    bob = Object.assign(again.client, { userId: bob.userId });
  });

  it('never disables or deletes oneself or the last administrator', async () => {
    for (const res of [
      await alice.put(`/api/admin/users/${alice.userId}/disabled`, { disabled: true }),
      await alice.delete(`/api/admin/users/${alice.userId}`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.details).toBe('You cannot disable or delete your own account.');
    }
    await alice.put(`/api/admin/users/${bob.userId}/role`, { role: 'admin' });
    await alice.put(`/api/admin/users/${bob.userId}/disabled`, { disabled: true });
    // Bob is an administrator, but disabled: Alice is the last enabled one.
    const carol = await signUp(server, 'Carol');
    await alice.put(`/api/admin/users/${carol.userId}/role`, { role: 'admin' });
    const disableAlice = await carol.put(`/api/admin/users/${alice.userId}/disabled`, {
      disabled: true,
    });
    expect(disableAlice.status).toBe(204);
    expect((await carol.put(`/api/admin/users/${bob.userId}/role`, { role: 'user' })).status).toBe(
      204,
    );
    const lastEnabled = await carol.request('PUT', `/api/admin/users/${carol.userId}/role`, {
      role: 'user',
    });
    expect(lastEnabled.status).toBe(409);
    // Restore: Alice enabled again, by Carol.
    await carol.put(`/api/admin/users/${alice.userId}/disabled`, { disabled: false });
    alice = Object.assign((await signIn(alice.email)).client, { userId: alice.userId });
    await carol.put(`/api/admin/users/${bob.userId}/disabled`, { disabled: false });
  });

  it('deletes a user with their rows and stored objects', async () => {
    const dave = await signUp(server, 'Dave');
    await dave.post('/api/meetings', { title: 'Dave', transcript: 'Speaker 1: Bye.' });
    const stored = `${dave.userId}/2-meeting-audio.webm`;
    await server.storage.put(stored, Readable.from('abc'), 'audio/webm');
    expect((await alice.delete(`/api/admin/users/${dave.userId}`)).status).toBe(204);
    const { db } = server.database;
    expect(await db.select().from(user).where(eq(user.id, dave.userId))).toEqual([]);
    expect(await db.select().from(meetings).where(eq(meetings.userId, dave.userId))).toEqual([]);
    expect(await server.storage.stat(stored)).toBeUndefined();
    expect((await dave.get('/api/meetings')).status).toBe(401);
    expect((await signIn(dave.email)).res.status).toBe(401);
    expect((await alice.delete(`/api/admin/users/${dave.userId}`)).status).toBe(404);
  });

  it('invites, revokes, and sets the sign-up mode over SIGNUP', async () => {
    expect(await alice.get('/api/admin/signup')).toMatchObject({
      body: { mode: 'open', source: 'environment' },
    });
    expect((await alice.put('/api/admin/signup', { mode: 'invite' })).body).toEqual({
      mode: 'invite',
      source: 'settings',
    });
    const created = await alice.post('/api/admin/invites', { email: ' Erin@Example.com ' });
    expect(created.status).toBe(201);
    expect(created.body.email).toBe('erin@example.com');
    expect((await alice.post('/api/admin/invites', { email: 'x' })).status).toBe(400);
    await alice.post('/api/admin/invites', { email: 'frank@example.com' });
    expect(
      (await alice.get('/api/admin/invites')).body.invites.map((i: { email: string }) => i.email),
    ).toEqual(['erin@example.com', 'frank@example.com']);
    expect((await alice.delete('/api/admin/invites/frank@example.com')).status).toBe(204);
    expect((await alice.delete('/api/admin/invites/frank@example.com')).status).toBe(404);

    const signUpAs = (email: string) =>
      new Client(server.url, email).post('/api/auth/sign-up/email', {
        name: email,
        email,
        password: PASSWORD,
      });
    expect((await signUpAs('frank@example.com')).status).toBe(403);
    expect((await signUpAs('erin@example.com')).status).toBe(200);
    expect((await alice.get('/api/admin/invites')).body.invites).toEqual([]);
    await alice.put('/api/admin/signup', { mode: 'closed' });
    expect((await signUpAs('gina@example.com')).body.code).toBe('SIGNUP_CLOSED');
    await alice.put('/api/admin/signup', { mode: 'open' });
  });

  it('reports the server state', async () => {
    const res = await alice.get('/api/admin/server');
    expect(res.status).toBe(200);
    const state = serverStateSchema.parse(res.body);
    expect(state.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(state.database).toMatchObject({
      kind: server.database.kind,
      migrations: { pending: [] },
    });
    expect(state.database.migrations.applied).toBeGreaterThan(20);
    expect(state.storage.kind).toBe('local');
    expect(state.storage.bytes).toBeGreaterThanOrEqual(5);
    expect(state.queues.map((q) => q.name)).toContain('search.index');
    expect(Array.isArray(state.models)).toBe(true);
  });
});
