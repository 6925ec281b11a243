/**
 * Personal API keys through the API: created with a session (the key shown once), used as
 * `Authorization: Bearer` on any route; a read key may only read; a revoked or unknown key answers
 * 401; keys cannot manage keys; each key is rate-limited; keys never reach the logs; another user
 * cannot see or revoke them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyListSchema, createdApiKeySchema, type CreatedApiKey } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { watchLogLines } from '../../../test/log-lines.ts';
import type { RunningServer } from '../../server.ts';
import { API_KEY_RATE } from '../../services/api-keys/authenticate-api-key.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  await alice.post('/api/meetings', { title: 'Alice only', transcript: 'Speaker 1: Hello.' });
});
afterAll(() => server?.close());
afterEach(() => vi.restoreAllMocks());

async function createKey(scope: 'read' | 'read-write', name = 'Script'): Promise<CreatedApiKey> {
  const res = await alice.post('/api/api-keys', { name, scope });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return createdApiKeySchema.parse(res.body);
}

/** A request with the key and no cookie, as a script sends it. */
function withKey(key: string, path: string, init: RequestInit = {}) {
  return fetch(server.url + path, {
    ...init,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
}

describe('personal API keys', () => {
  it('are shown once, then listed by name, scope and first characters', async () => {
    const created = await createKey('read', '  Obsidian sync ');
    expect(created.key).toMatch(/^summy_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Obsidian sync', scope: 'read', lastUsedAt: null });
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const list = apiKeyListSchema.parse((await alice.get('/api/api-keys')).body);
    expect(list.keys.find((k) => k.id === created.id)).toEqual({
      id: created.id,
      name: 'Obsidian sync',
      scope: 'read',
      prefix: created.prefix,
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect((await bob.get('/api/api-keys')).body.keys).toEqual([]);
    expect((await bob.delete(`/api/api-keys/${created.id}`)).status).toBe(404);
  });

  it('reads the user’s data on every route; a read key cannot write, a read-write key can', async () => {
    const read = await createKey('read');
    const res = await withKey(read.key, '/api/meetings');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { title: string }[] };
    expect(body.items.map((m) => m.title)).toEqual(['Alice only']);
    const listed = apiKeyListSchema.parse((await alice.get('/api/api-keys')).body);
    expect(listed.keys.find((k) => k.id === read.id)?.lastUsedAt).not.toBeNull();

    const refused = await withKey(read.key, '/api/todos', {
      method: 'POST',
      body: JSON.stringify({ title: 'Nope' }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'Forbidden',
      details: expect.stringContaining('read-only'),
    });

    const write = await createKey('read-write');
    const created = await withKey(write.key, '/api/todos', {
      method: 'POST',
      body: JSON.stringify({ title: 'From a script' }),
    });
    expect(created.status).toBe(201);
    expect(
      ((await alice.get('/api/todos')).body as { title: string }[]).map((t) => t.title),
    ).toContain('From a script');
  });

  it('answers 401 for an unknown or revoked key, and 403 when a key manages keys', async () => {
    const key = await createKey('read-write');
    expect((await withKey(key.key, '/api/api-keys')).status).toBe(403);
    const minted = await withKey(key.key, '/api/api-keys', {
      method: 'POST',
      body: JSON.stringify({ name: 'More', scope: 'read-write' }),
    });
    expect(minted.status).toBe(403);
    expect((await alice.delete(`/api/api-keys/${key.id}`)).status).toBe(204);
    const revoked = await withKey(key.key, '/api/meetings');
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({
      error: 'User not authenticated',
      details: 'Invalid API key',
    });
    expect((await withKey('summy_not-a-key', '/api/meetings')).status).toBe(401);
  });

  it('limits each key’s requests per minute', async () => {
    const key = await createKey('read');
    const statuses: number[] = [];
    for (let i = 0; i < API_KEY_RATE.requests + 1; i += 50) {
      const batch = Math.min(50, API_KEY_RATE.requests + 1 - i);
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () =>
            withKey(key.key, '/api/settings/notices').then((r) => r.status),
          ),
        )),
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_KEY_RATE.requests);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const limited = await withKey(key.key, '/api/settings/notices');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key of the same user is counted on its own.
    expect((await withKey((await createKey('read')).key, '/api/settings/notices')).status).toBe(
      200,
    );
  });

  it('keeps keys out of the logs, the request lines and the refusals alike', async () => {
    const logged = await startTestServer({ LOG_LEVEL: 'info' });
    try {
      const carol = await signUp(logged, 'Carol');
      const res = await carol.post('/api/api-keys', { name: 'Logged', scope: 'read' });
      const key = res.body.key as string;
      const lines = watchLogLines();
      const call = (k: string) =>
        fetch(`${logged.url}/api/meetings`, { headers: { authorization: `Bearer ${k}` } });
      expect((await call(key)).status).toBe(200);
      expect((await call(`${key.slice(0, -1)}x`)).status).toBe(401);
      const text = JSON.stringify(lines());
      expect(text).toContain('/api/meetings');
      expect(text).not.toContain(key.slice(6, 30));
    } finally {
      await logged.close();
    }
  });
});
