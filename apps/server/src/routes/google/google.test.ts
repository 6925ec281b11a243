/**
 * Google sign-in, linked accounts and tokens against the loopback Google fake: every Google URL
 * comes from GOOGLE_BASE_URL.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import { account, meetings } from '@summy/db';
import {
  fakeGoogleEnv,
  linkGoogle,
  signInWithGoogle as googleSignIn,
} from '../../../test/google.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';
import {
  getGoogleAccessToken,
  LINKED_EXPIRY_WINDOW_MS,
  PRIMARY_EXPIRY_WINDOW_MS,
  withGoogleAuthRetry,
  type GoogleDeps,
} from '../../integrations/google/tokens.ts';

const ADA = 'ada@acme.test';
const ADA_PERSONAL = 'ada.personal@example-mail.test';
const GRACE = 'grace@globex.test';
const RECONNECT = 'Authentication failed, please reconnect Google Calendar';

let clock = new Date();
let fake: FakeGoogle;
let server: RunningServer;
let deps: GoogleDeps;

// A fresh server per test: each of the fake's three accounts can belong to one user only.
beforeAll(async () => {
  fake = await startFakeGoogle({ now: () => clock });
});
beforeEach(async () => {
  clock = new Date();
  server = await startTestServer(fakeGoogleEnv(fake));
  deps = {
    db: server.database.db,
    auth: server.auth,
    google: server.env.google!,
    now: () => clock,
  };
});
afterEach(async () => {
  await server?.close();
});
afterAll(async () => {
  await fake?.close();
});

// Sign-in and linking through the fake's consent, as a browser would (test/google.ts).
const signInWithGoogle = (email: string) => googleSignIn(server, fake, email);
const link = (client: Client, email: string) => linkGoogle(server, fake, client, email);

async function rawAccount(id: string) {
  const [row] = await deps.db.select().from(account).where(eq(account.id, id));
  return row!;
}

describe('Google sign-in and linked accounts', () => {
  it('signs up with Google, links a second account, lists both without tokens', async () => {
    const ada = await signInWithGoogle(ADA);
    await link(ada, ADA_PERSONAL);
    const list = await ada.get('/api/google/accounts');
    expect(list.status).toBe(200);
    expect(list.body.map((a: any) => [a.email, a.isAuthAccount, a.isPrimary, a.connected])).toEqual(
      [
        [ADA, true, true, true],
        [ADA_PERSONAL, false, false, true],
      ],
    );
    expect(list.body[1].scopes).toContain('https://www.googleapis.com/auth/calendar');
    // Signing in with the linked account signs into the same user.
    const again = await signInWithGoogle(ADA_PERSONAL);
    expect(again.userId).toBe(ada.userId);
    // Encrypted at rest: neither token appears in clear in the row, and no answer carries one.
    const row = await rawAccount(list.body[0].id);
    const { accessToken } = await getGoogleAccessToken(deps, ada.userId, row.id);
    expect(accessToken).toMatch(/^ya29\./);
    expect(row.accessToken).not.toContain(accessToken);
    expect(row.refreshToken).not.toMatch(/^1\/\//);
    for (const route of ['/api/google/accounts', '/api/google/status', '/api/auth/list-accounts']) {
      expect(JSON.stringify((await ada.get(route)).body)).not.toContain(accessToken);
    }
    const refreshed = await ada.post('/api/google/refresh');
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body)).toEqual(['expires_at']);
    expect((await ada.get('/api/google/status')).body).toEqual({ connected: true });
  });

  it('lets an e-mail and password user link Google, sets primary, removes and flags meetings', async () => {
    const bob = await signUp(server, 'Bob');
    await link(bob, GRACE);
    await link(bob, ADA_PERSONAL);
    let list = (await bob.get('/api/google/accounts')).body;
    expect(list.map((a: any) => [a.email, a.isAuthAccount, a.isPrimary])).toEqual([
      [GRACE, false, true],
      [ADA_PERSONAL, false, false],
    ]);
    const [grace, personal] = list;
    list = (await bob.post(`/api/google/accounts/${personal.id}/primary`)).body;
    expect(list.find((a: any) => a.isPrimary).email).toBe(ADA_PERSONAL);

    const base = { userId: bob.userId, title: 'M', calendarEventId: 'ev' };
    await deps.db.insert(meetings).values([
      { ...base, calendarAccountId: grace.id, calendarEventTitle: 'Kept' },
      { ...base, calendarAccountId: grace.id },
      { ...base, calendarAccountId: personal.id },
      { userId: bob.userId, title: 'Unlinked', calendarAccountId: grace.id },
    ]);
    expect((await bob.get(`/api/google/accounts/${grace.id}/meetings`)).body).toEqual({ count: 2 });
    const removed = await bob.delete(`/api/google/accounts/${grace.id}`);
    expect(removed.body).toEqual({ preservedMeetings: 2 });
    const rows = await deps.db.select().from(meetings).where(eq(meetings.userId, bob.userId));
    const flagged = rows.filter((m) => m.calendarAccountRemoved);
    expect(flagged).toHaveLength(2);
    expect(
      flagged.every((m) => m.calendarAccountEmail === GRACE && m.calendarEventId === 'ev'),
    ).toBe(true);
    expect(flagged.some((m) => m.calendarEventTitle === 'Kept')).toBe(true);
    expect((await bob.get('/api/google/accounts')).body.map((a: any) => a.email)).toEqual([
      ADA_PERSONAL,
    ]);
  });

  it('never removes the sign-in account', async () => {
    const grace = await signInWithGoogle(GRACE);
    const [auth] = (await grace.get('/api/google/accounts')).body;
    const res = await grace.delete(`/api/google/accounts/${auth.id}`);
    expect(res.status).toBe(409);
    expect((await grace.get('/api/google/accounts')).body).toHaveLength(1);
  });

  it("keeps user B away from user A's accounts and tokens (404)", async () => {
    const a = await signUp(server, 'A');
    await link(a, GRACE);
    const [acc] = (await a.get('/api/google/accounts')).body;
    const b = await signUp(server, 'B');
    expect((await b.get('/api/google/accounts')).body).toEqual([]);
    expect((await b.post(`/api/google/accounts/${acc.id}/primary`)).status).toBe(404);
    expect((await b.get(`/api/google/accounts/${acc.id}/meetings`)).status).toBe(404);
    expect((await b.delete(`/api/google/accounts/${acc.id}`)).status).toBe(404);
    expect((await b.post('/api/google/refresh-linked-account', { accountId: acc.id })).status).toBe(
      404,
    );
    expect((await b.post('/api/google/refresh')).status).toBe(404);
    await expect(getGoogleAccessToken(deps, b.userId, acc.id)).rejects.toThrow(/not found/i);
    expect((await a.get('/api/google/accounts')).body).toHaveLength(1);
  });
});

describe('Google token rules', () => {
  async function userWith(...emails: string[]) {
    const c = await signUp(server, 'T');
    for (const e of emails) await link(c, e);
    const list = (await c.get('/api/google/accounts')).body as { id: string; email: string }[];
    return { c, ids: list.map((a) => a.id) };
  }
  const tokenCalls = () => fake.requests.filter((r) => r.path === '/token').length;

  it('refreshes the primary token within 10 minutes of expiry, linked ones within 5', async () => {
    clock = new Date();
    const { c, ids } = await userWith(ADA, GRACE);
    const [primary, linked] = ids as [string, string];
    const expiry = (await rawAccount(primary)).accessTokenExpiresAt!.getTime();
    const at = (msBefore: number) => () => new Date(expiry - msBefore);

    let before = tokenCalls();
    await getGoogleAccessToken(
      { ...deps, now: at(PRIMARY_EXPIRY_WINDOW_MS + 60_000) },
      c.userId,
      primary,
    );
    expect(tokenCalls()).toBe(before);
    const refreshed = await getGoogleAccessToken(
      { ...deps, now: at(PRIMARY_EXPIRY_WINDOW_MS - 60_000) },
      c.userId,
      primary,
    );
    expect(tokenCalls()).toBe(before + 1);
    // Stored valid 1 hour from the refresh.
    expect(refreshed.expiresAt.getTime()).toBe(
      expiry - PRIMARY_EXPIRY_WINDOW_MS + 60_000 + 3_599_000,
    );

    const linkedExpiry = (await rawAccount(linked)).accessTokenExpiresAt!.getTime();
    before = tokenCalls();
    // 8 minutes left: fine for a linked account, expired for the primary one.
    await getGoogleAccessToken(
      { ...deps, now: () => new Date(linkedExpiry - 8 * 60_000) },
      c.userId,
      linked,
    );
    expect(tokenCalls()).toBe(before);
    await getGoogleAccessToken(
      { ...deps, now: () => new Date(linkedExpiry - LINKED_EXPIRY_WINDOW_MS + 1000) },
      c.userId,
      linked,
    );
    expect(tokenCalls()).toBe(before + 1);
    const answer = await c.post('/api/google/refresh-linked-account', { accountId: linked });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['expires_at']);
  });

  it('removes the tokens when a refresh fails or no refresh token exists', async () => {
    const { c, ids } = await userWith(GRACE, ADA_PERSONAL);
    const [first, second] = ids as [string, string];
    const refresh = await (await import('../../crypto/token-crypto.ts')).tokenCrypto(deps.auth);
    fake.revokeToken(await refresh.decrypt((await rawAccount(first)).refreshToken!));
    const res = await c.post('/api/google/refresh');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(RECONNECT);
    const row = await rawAccount(first);
    expect([row.accessToken, row.refreshToken]).toEqual([null, null]);
    expect((await c.get('/api/google/status')).body.connected).toBe(false);

    await deps.db
      .update(account)
      .set({ refreshToken: null, accessTokenExpiresAt: new Date(0) })
      .where(eq(account.id, second));
    const missing = await c.post('/api/google/refresh-linked-account', { accountId: second });
    expect(missing.body.error).toBe(RECONNECT);
    expect((await rawAccount(second)).accessToken).toBeNull();
  });

  it('on a Calendar 401 refreshes once and retries once, then gives up with the documented error', async () => {
    clock = new Date();
    const { c, ids } = await userWith(ADA);
    const id = ids[0]!;
    const events = (token: string) =>
      fetch(`${deps.google.calendarApiUrl}/calendars/primary/events?maxResults=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
    fake.expireAccessTokens(ADA);
    const before = tokenCalls();
    const ok = await withGoogleAuthRetry(deps, c.userId, id, events);
    expect(ok.status).toBe(200);
    expect(tokenCalls()).toBe(before + 1);

    // Every token refused: one refresh, one retry, then the documented error.
    let calls = 0;
    const refused = async () => {
      calls++;
      return new Response('{}', { status: 401 });
    };
    await expect(withGoogleAuthRetry(deps, c.userId, id, refused)).rejects.toThrow(RECONNECT);
    expect(calls).toBe(2);

    // The refresh itself fails: tokens removed, same error, no retry.
    const crypto = await (await import('../../crypto/token-crypto.ts')).tokenCrypto(deps.auth);
    fake.revokeToken(await crypto.decrypt((await rawAccount(id)).refreshToken!));
    calls = 0;
    await expect(withGoogleAuthRetry(deps, c.userId, id, refused)).rejects.toThrow(RECONNECT);
    expect(calls).toBe(1);
    expect((await rawAccount(id)).refreshToken).toBeNull();
  });

  it('disconnect removes every token of the user', async () => {
    const { c, ids } = await userWith(ADA);
    expect((await c.delete('/api/google/disconnect')).status).toBe(200);
    expect((await rawAccount(ids[0]!)).refreshToken).toBeNull();
    expect((await c.get('/api/google/status')).body.connected).toBe(false);
  });
});
