/**
 * The session cookie cache (docs/decisions/013-session-cookie-cache.md): an API request with a
 * fresh signed cache cookie needs no database lookup, so a revoked session stays usable by a copy
 * of its cookies for at most SESSION_CACHE_SECONDS, and not at all with 0. The browser that signs
 * out loses its cookies at once either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestServer } from '../../test/harness.ts';
import type { RunningServer } from '../server.ts';

const CACHE_SECONDS = 5;
const CACHE_COOKIE = /(^|; )better-auth\.session_data=([^;]+)/;

const cacheCookie = (client: Client) => CACHE_COOKIE.exec(client.cookie)?.[2];

/** Drops the cache cookie, so the next request looks the session up and sets a fresh one. */
function withoutCache(client: Client): void {
  client.cookie = client.cookie
    .split('; ')
    .filter((c) => !c.startsWith('better-auth.session_data='))
    .join('; ');
}

/** A second client holding a copy of `client`'s cookies, as a stolen or second-tab copy would. */
function copyOf(client: Client, server: RunningServer): Client {
  const copy = new Client(server.url, client.email);
  copy.cookie = client.cookie;
  return copy;
}

const sessionsOf = async (server: RunningServer, userId: string) =>
  (await server.database.query(`select 1 from "session" where user_id = $1`, [userId])).length;

describe(`session cookie cache, SESSION_CACHE_SECONDS=${CACHE_SECONDS}`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_CACHE_SECONDS: String(CACHE_SECONDS) });
  });
  afterAll(() => server?.close());

  it('vouches for a signed-out session for at most SESSION_CACHE_SECONDS, and renews live ones', async () => {
    const alice = await signUp(server, 'Alice');
    const bob = await signUp(server, 'Bob');
    withoutCache(alice);
    withoutCache(bob);
    // A request without the cache cookie looks the session up and hands a fresh cache cookie out.
    expect((await alice.get('/api/meetings')).status).toBe(200);
    expect((await bob.get('/api/meetings')).status).toBe(200);
    const issued = Date.now();
    const aliceCache = cacheCookie(alice);
    expect(aliceCache).toBeTruthy();
    expect(cacheCookie(bob)).toBeTruthy();

    const bobCopy = copyOf(bob, server);
    expect((await bob.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await sessionsOf(server, bob.userId)).toBe(0);
    // The browser that signed out has lost both cookies: refused at once.
    expect(cacheCookie(bob)).toBeUndefined();
    expect((await bob.get('/api/meetings')).status).toBe(401);
    // A copy of its cookies still passes while the cache cookie is fresh (the documented window).
    expect(Date.now() - issued).toBeLessThan(CACHE_SECONDS * 1000 - 500);
    expect((await bobCopy.get('/api/meetings')).status).toBe(200);

    await new Promise((r) => setTimeout(r, issued + CACHE_SECONDS * 1000 + 300 - Date.now()));
    // Past the window the copy is checked against the database, where the session is gone.
    const late = await bobCopy.get('/api/meetings');
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('User not authenticated');
    // A live session goes on, and its browser gets a renewed cache cookie with the answer.
    expect((await alice.get('/api/meetings')).status).toBe(200);
    expect(cacheCookie(alice)).toBeTruthy();
    expect(cacheCookie(alice)).not.toBe(aliceCache);
  });
});

describe('session cookie cache off, SESSION_CACHE_SECONDS=0', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(() => server?.close());

  it('refuses a copy of a signed-out session at once and sets no cache cookie', async () => {
    const carol = await signUp(server, 'Carol');
    expect((await carol.get('/api/meetings')).status).toBe(200);
    expect(cacheCookie(carol)).toBeUndefined();
    const copy = copyOf(carol, server);
    expect((await carol.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await copy.get('/api/meetings')).status).toBe(401);
  });
});
