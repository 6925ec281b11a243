/**
 * The contacts tests' world: a loopback Google fake seeded with past meetings and address books,
 * one Summy server for the file, and Ada (Google sign-in) and Grace (e-mail, Google linked).
 * `fake`, `server`, `deps`, `ada` and `grace` are live bindings: read them inside tests.
 */
import { afterAll, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  makePerson,
  startFakeGoogle,
  type FakeGoogle,
  type FakeGoogleRequest,
} from '@summy/fakes/google';
import { account, contacts } from '@summy/db';
import { fakeGoogleEnv, linkGoogle, signInWithGoogle } from './google.ts';
import { signUp, startTestServer, type Client } from './harness.ts';
import type { RunningServer } from '../src/server.ts';
import type { GoogleDeps } from '../src/integrations/google/tokens.ts';

/** The fake's seeded work account (acme.test), signed in with Google. */
export const ADA = 'ada@acme.test';
/** Ada's personal account in the fake. */
export const ADA_PERSONAL = 'ada.personal@example-mail.test';
/** Another company's account in the fake, linked to an e-mail user. */
export const GRACE = 'grace@globex.test';
/** A meeting room's resource address, which the sync must skip. */
export const ROOM = 'c_1888a4d6e0b1f2e3@resource.calendar.google.com';

/**
 * Directory members of acme.test the seed holds (seed.ts personName(20..31)): attendees of an
 * extra meeting, so the directory step has more than one batch of 10.
 */
export const BIG_MEETING = [
  'bob.okafor',
  'carol.okafor',
  'dave.okafor',
  'erin.okafor',
  'frank.okafor',
  'heidi.okafor',
  'ivan.okafor',
  'judy.okafor',
  'mallory.okafor',
  'niaj.okafor',
  'bob.nakamura',
  'carol.nakamura',
].map((local) => `${local}@acme.test`);
/** Incomplete organisation contacts beyond the 50 a run enriches (sorted after the seed's own). */
export const INCOMPLETE = Array.from(
  { length: 60 },
  (_, i) => `zz-incomplete-${String(i).padStart(2, '0')}@acme.test`,
);

/** The file's Google fake. */
export let fake: FakeGoogle;
/** The file's Summy server, over the fake. */
export let server: RunningServer;
/** The Google dependencies of `server` (database, auth, Google settings). */
export let deps: GoogleDeps;
/** Ada's client, signed in with Google. */
export let ada: Client;
/** Grace's client, signed up by e-mail with her Google account linked. */
export let grace: Client;

/** A recorded pause: its length in ms and how many fake requests came before it. */
export type Step = { sleep: number; at: number };
/** A sleep that records its pauses (no real wait) beside the fake's request count. */
export const recorder = () => {
  const steps: Step[] = [];
  return {
    steps,
    sleep: async (ms: number) => void steps.push({ sleep: ms, at: fake.requests.length }),
  };
};

/** The fake's requests from `from` on, with the recorded sleeps in between, as short tokens. */
export function timeline(from: number, steps: Step[]): string[] {
  const out: string[] = [];
  const token = (r: FakeGoogleRequest) =>
    r.path === '/v1/people:searchDirectoryPeople'
      ? `D:${r.query.query?.[0]}`
      : r.path === '/v1/people:searchContacts'
        ? `C:${r.query.query?.[0]}`
        : null;
  for (let i = from; i <= fake.requests.length; i++) {
    for (const s of steps) if (s.at === i) out.push(`S${s.sleep}`);
    const t = i < fake.requests.length ? token(fake.requests[i]!) : null;
    if (t) out.push(t);
  }
  return out;
}

/** The user's Google account rows. */
export const accountsOf = (userId: string) =>
  deps.db
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'google')));

/** The user's stored contacts. */
export const stored = (userId: string) =>
  deps.db.select().from(contacts).where(eq(contacts.userId, userId));

/**
 * Registers the hooks that start the file's Google fake, seed it (past meetings with rooms, groups
 * and a big directory meeting; personal contacts, broken and incomplete ones) and a server, and sign
 * Ada and Grace in; call at top level.
 */
export function useContactsWorld(): void {
  beforeAll(async () => {
    fake = await startFakeGoogle();
    server = await startTestServer(fakeGoogleEnv(fake));
    deps = { db: server.database.db, auth: server.auth, google: server.env.google! };

    const person = (email: string, name?: string, photo = false) =>
      makePerson(
        `people/c9${Math.abs(hash(email))}`,
        { type: 'CONTACT', id: email },
        email,
        fake.url,
        name
          ? { given: name.split(' ')[0]!, family: name.split(' ').slice(1).join(' ') }
          : undefined,
        photo,
      );
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const pastEvent = (
      id: string,
      daysAgo: number,
      attendees: { email: string; displayName?: string }[],
    ) =>
      fake.addEvent(ADA, {
        id,
        summary: id,
        start: { dateTime: iso(now - daysAgo * 86_400_000) },
        end: { dateTime: iso(now - daysAgo * 86_400_000 + 1_800_000) },
        attendees: attendees.map((a) => ({ ...a, responseStatus: 'accepted' as const })),
      });
    pastEvent('roomsandgroups', 3, [
      { email: ADA, displayName: 'Ada Lovelace' },
      { email: 'Ivan.Jones@ACME.test' },
      { email: 'ivan.jones@acme.test', displayName: 'Ivan J.' },
      { email: 'newhire@acme.test', displayName: 'New Hire' },
      { email: 'eng-group@acme.test', displayName: 'Engineering group' },
      { email: 'all.group@acme.test' },
      { email: 'c_projector@acme.test' },
      { email: 'board@resource.acme.test' },
      { email: ROOM },
      { email: 'outsider@globex.test', displayName: 'Outsider' },
    ]);
    pastEvent(
      'bigmeeting',
      10,
      BIG_MEETING.map((email) => ({ email })),
    );
    // Older than a month: never read.
    pastEvent('ancient', 45, [{ email: 'ancient.attendee@acme.test', displayName: 'Ancient' }]);

    // Personal contacts: one without any e-mail, one PostgreSQL refuses (NUL in the name), many
    // incomplete organisation colleagues.
    fake.addContact(ADA, { ...person('x@x.test', 'No Email Person'), emailAddresses: [] });
    fake.addContact(ADA, person('broken@initech.test', 'Bro\u0000ken'));
    for (const email of INCOMPLETE) fake.addContact(ADA, person(email));
    // Grace's own address book: one shared address with another name, to show isolation.
    fake.addContact(GRACE, person('bob.smith@acme.test', 'Robert From Grace', true));
    fake.addContact(GRACE, person('hank@umbrella.test', 'Hank Scorpio', true));

    ada = await signInWithGoogle(server, fake, ADA);
    grace = await signUp(server, 'Grace');
    await linkGoogle(server, fake, grace, GRACE);
  });

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
}

function hash(s: string): number {
  let h = 7;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}
