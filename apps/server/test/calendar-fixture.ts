/**
 * The calendar tests' world: a loopback Google fake per test file and a fresh Summy server per test
 * (each of the fake's accounts can belong to one user only), with the helpers those tests share.
 * `fake`, `server` and `deps` are live bindings: read them inside tests, after the hooks ran.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeGoogle, type FakeGoogle } from '@summy/fakes/google';
import type { CalendarEvent } from '@summy/core';
import { account } from '@summy/db';
import { fakeGoogleEnv, signInWithGoogle } from './google.ts';
import { startTestServer, type Client } from './harness.ts';
import type { RunningServer } from '../src/server.ts';
import { tokenCrypto } from '../src/crypto/token-crypto.ts';
import type { GoogleDeps } from '../src/integrations/google/tokens.ts';

/** The fake's seeded work account, with a week of events (Europe/Berlin). */
export const ADA = 'ada@acme.test';
/** Ada's second, personal account in the fake. */
export const ADA_PERSONAL = 'ada.personal@example-mail.test';
/** Another company's account in the fake. */
export const GRACE = 'grace@globex.test';
/** The error answered when an account's refresh token no longer works. */
export const RECONNECT = 'Authentication failed, please reconnect Google Calendar';
/** One day in ms. */
export const DAY = 86_400_000;

/** The file's Google fake. */
export let fake: FakeGoogle;
/** This test's server, over the fake. */
export let server: RunningServer;
/** The Google dependencies of `server` (database, auth, Google settings). */
export let deps: GoogleDeps;

/** Registers the hooks that start the fake once per file and a server per test; call at top level. */
export function useCalendarServer(): void {
  beforeAll(async () => {
    fake = await startFakeGoogle();
  });
  beforeEach(async () => {
    server = await startTestServer(fakeGoogleEnv(fake));
    deps = { db: server.database.db, auth: server.auth, google: server.env.google! };
  });
  afterEach(async () => {
    await server?.close();
  });
  afterAll(async () => {
    await fake?.close();
  });
}

/** Signs `email` in through the fake's Google sign-in; the client holds the session. */
export const signIn = (email: string) => signInWithGoogle(server, fake, email);
/** `ms` since the epoch as an ISO 8601 string. */
export const iso = (ms: number) => new Date(ms).toISOString();
/** The fake's Calendar API requests so far. */
export const eventsCalls = () => fake.requests.filter((r) => r.path.startsWith('/calendar/v3/'));
/** How many token requests (refreshes and code exchanges) the fake has answered. */
export const tokenCalls = () => fake.requests.filter((r) => r.path === '/token').length;

/** GET /api/calendar/events for [fromMs, toMs), in `timeZone` when given. */
export async function range(c: Client, fromMs: number, toMs: number, timeZone?: string) {
  const q = new URLSearchParams({ timeMin: iso(fromMs), timeMax: iso(toMs) });
  if (timeZone) q.set('timeZone', timeZone);
  return c.get<{ events: CalendarEvent[] }>(`/api/calendar/events?${q}`);
}

/**
 * The seeded week of ada@acme.test (Monday first, Europe/Berlin), found through its one-off
 * Monday 14:00 event: its events and Monday 08:00 in ms.
 */
export async function adaWeek(c: Client) {
  const now = Date.now();
  const res = await range(c, now - 10 * DAY, now + 20 * DAY, 'Europe/Berlin');
  expect(res.status).toBe(200);
  const kickoff = res.body.events.find((e) => e.title === 'Globex kickoff')!;
  return { events: res.body.events, monday8: Date.parse(kickoff.startTime) - 6 * 3_600_000 };
}

/** The ids of the client's linked Google accounts. */
export async function accountIds(c: Client): Promise<string[]> {
  return (await c.get('/api/google/accounts')).body.map((a: { id: string }) => a.id);
}

/** Makes account `id` fail its next refresh: the fake revokes its token, the access token expires. */
export async function breakAccount(id: string) {
  const [row] = await deps.db.select().from(account).where(eq(account.id, id));
  fake.revokeToken(await (await tokenCrypto(deps.auth)).decrypt(row!.refreshToken!));
  await deps.db
    .update(account)
    .set({ accessTokenExpiresAt: new Date(0) })
    .where(eq(account.id, id));
}
