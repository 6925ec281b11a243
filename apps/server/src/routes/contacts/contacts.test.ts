/**
 * The contacts sync against the loopback Google fake, and `/api/contacts*` with user isolation. The
 * sync's pauses go through an injected sleep that records them next to the fake's request log, so
 * the requested gaps are asserted in order without waiting for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  makePerson,
  startFakeGoogle,
  type FakeGoogle,
  type FakeGoogleRequest,
} from '@summy/fakes/google';
import type { ContactsSyncEvent } from '@summy/core';
import { account, contacts } from '@summy/db';
import { fakeGoogleEnv, linkGoogle, signInWithGoogle } from '../../../test/google.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';
import {
  CONTACTS_SYNC_ALL_QUEUE,
  CONTACTS_SYNC_QUEUE,
  enqueueContactsSyncForAll,
} from '../../services/contacts/enqueue-contacts-sync.ts';
import { peopleClient } from '../../integrations/google/people.ts';
import {
  enrichContacts,
  lookUpDirectory,
  syncContacts,
  type ContactSyncResult,
} from '../../services/contacts/sync-contacts.ts';
import { tokenCrypto, type GoogleDeps } from '../../integrations/google/tokens.ts';

const ADA = 'ada@acme.test';
const ADA_PERSONAL = 'ada.personal@example-mail.test';
const GRACE = 'grace@globex.test';
const ROOM = 'c_1888a4d6e0b1f2e3@resource.calendar.google.com';

// Directory members of acme.test the seed holds (seed.ts personName(20..31)): attendees of an
// extra meeting, so the directory step has more than one batch of 10.
const BIG_MEETING = [
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
// Incomplete organisation contacts beyond the 50 a run enriches (sorted after the seed's own).
const INCOMPLETE = Array.from(
  { length: 60 },
  (_, i) => `zz-incomplete-${String(i).padStart(2, '0')}@acme.test`,
);

let fake: FakeGoogle;
let server: RunningServer;
let deps: GoogleDeps;
let ada: Client;
let grace: Client;

type Step = { sleep: number; at: number };
const recorder = () => {
  const steps: Step[] = [];
  return {
    steps,
    sleep: async (ms: number) => void steps.push({ sleep: ms, at: fake.requests.length }),
  };
};

/** The fake's requests from `from` on, with the recorded sleeps in between, as short tokens. */
function timeline(from: number, steps: Step[]): string[] {
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

const accountsOf = (userId: string) =>
  deps.db
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'google')));

const stored = (userId: string) =>
  deps.db.select().from(contacts).where(eq(contacts.userId, userId));

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
      name ? { given: name.split(' ')[0]!, family: name.split(' ').slice(1).join(' ') } : undefined,
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

function hash(s: string): number {
  let h = 7;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

describe('contacts sync rules', () => {
  let first: ContactSyncResult;
  let from: number;
  let steps: Step[];

  beforeAll(async () => {
    from = fake.requests.length;
    const rec = recorder();
    steps = rec.steps;
    first = await syncContacts(deps, ada.userId, { sleep: rec.sleep });
  });

  it('reads the past month of calendar attendees (200 events) and personal contacts 100 a page', () => {
    const reqs = fake.requests.slice(from);
    const events = reqs.filter((r) => r.path === '/calendar/v3/calendars/primary/events');
    expect(events).toHaveLength(1);
    expect(events[0]!.query.maxResults).toEqual(['200']);
    expect(events[0]!.query.singleEvents).toEqual(['true']);
    const span =
      Date.parse(events[0]!.query.timeMax![0]!) - Date.parse(events[0]!.query.timeMin![0]!);
    expect(span / 86_400_000).toBeGreaterThanOrEqual(28);
    expect(span / 86_400_000).toBeLessThanOrEqual(31);

    const pages = reqs.filter((r) => r.path === '/v1/people/me/connections');
    // 130 seeded + 62 added contacts: two pages of 100.
    expect(pages).toHaveLength(2);
    for (const p of pages) {
      expect(p.status).toBe(200);
      expect(p.query.pageSize).toEqual(['100']);
      expect(p.query.personFields).toEqual(['names,emailAddresses,photos']);
      expect(p.query.sources).toEqual(['READ_SOURCE_TYPE_CONTACT', 'READ_SOURCE_TYPE_PROFILE']);
    }
    expect(pages[1]!.query.pageToken).toHaveLength(1);
  });

  it('keeps organisation attendees only, without rooms and groups, de-duplicated', async () => {
    const rows = await stored(ada.userId);
    const emails = rows.map((r) => r.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const gone of [
      'eng-group@acme.test',
      'all.group@acme.test',
      'c_projector@acme.test',
      'board@resource.acme.test',
      ROOM,
      'outsider@globex.test',
      'ancient.attendee@acme.test',
      // An external attendee of the seed's week, not in Ada's address book.
      'peter.gibbons@initech.test',
    ])
      expect(emails).not.toContain(gone);
    expect(emails.filter((e) => e === 'ivan.jones@acme.test')).toHaveLength(1);
    for (const kept of [...BIG_MEETING, 'newhire@acme.test', 'bob.smith@acme.test', ADA])
      expect(emails).toContain(kept);
    const newhire = rows.find((r) => r.email === 'newhire@acme.test')!;
    expect([newhire.displayName, newhire.photoUrl, newhire.isOrganizationContact]).toEqual([
      'New Hire',
      null,
      true,
    ]);
  });

  it('looks organisation attendees up in the directory: batches of 10, 100 ms apart, 1 s between batches', () => {
    const lookups = fake.requests
      .slice(from)
      .filter((r) => r.path === '/v1/people:searchDirectoryPeople')
      .slice(0, first.directoryLookups);
    for (const r of lookups) {
      expect(r.query.pageSize).toEqual(['1']);
      expect(r.query.readMask).toEqual(['names,emailAddresses,photos']);
      expect(r.query.sources).toEqual(['DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE']);
      expect(r.status).toBe(200);
    }
    const asked = lookups.map((r) => r.query.query![0]!);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).toEqual(expect.arrayContaining([...BIG_MEETING, 'ivan.jones@acme.test', ADA]));
    expect(asked.every((e) => e.endsWith('@acme.test'))).toBe(true);
    // More than one batch of 10.
    expect(first.directoryLookups).toBeGreaterThan(10);

    const expected: string[] = [];
    for (let i = 0; i < first.directoryLookups; i++) {
      if (i > 0) expected.push(i % 10 === 0 ? 'S1000' : 'S100');
      expected.push('D');
    }
    const phase = timeline(from, steps).slice(0, expected.length);
    expect(phase.map((t) => (t.startsWith('D:') ? 'D' : t))).toEqual(expected);
  });

  it('takes name and photo from the directory, and flags organisation contacts', async () => {
    const rows = await stored(ada.userId);
    const ivan = rows.find((r) => r.email === 'ivan.jones@acme.test')!;
    expect(ivan.displayName).toBe('Ivan Jones');
    expect(ivan.photoUrl).toMatch(/\/fake\/photos\/\d+\.svg$/);
    expect(ivan.isOrganizationContact).toBe(true);
    const external = rows.filter((r) => !r.email.endsWith('@acme.test'));
    expect(external.length).toBeGreaterThan(50);
    expect(external.every((r) => !r.isOrganizationContact)).toBe(true);
    expect(
      rows.filter((r) => r.email.endsWith('@acme.test')).every((r) => r.isOrganizationContact),
    ).toBe(true);
  });

  it('keeps personal contacts only with an e-mail, and skips a failing one while the rest continue', async () => {
    const rows = await stored(ada.userId);
    expect(rows.some((r) => r.displayName === 'No Email Person')).toBe(false);
    expect(rows.some((r) => r.email === 'broken@initech.test')).toBe(false);
    expect(first.failed).toBe(1);
    expect(first.saved).toBe(rows.length);
    // Every seeded personal contact is there (130), with its name from the address book.
    expect(rows.find((r) => r.email === 'carol.smith@globex.test')?.displayName).toBe(
      'Carol Smith',
    );
    expect(rows.length).toBeGreaterThanOrEqual(130 + 60);
  });

  it('enriches at most 50 incomplete organisation contacts per run, 200 ms apart', async () => {
    expect(first.enrichLookups).toBe(50);
    const rest = timeline(from, steps).slice(
      // After the directory phase: its lookups and the pauses between them.
      first.directoryLookups * 2 - 1,
    );
    // Each enrichment: the directory, then the user's contacts when the directory has nobody.
    const emails: string[] = [];
    for (const [i, t] of rest.entries()) {
      if (t.startsWith('S')) {
        expect(t).toBe('S200');
        expect(rest[i + 1]).toMatch(/^D:/);
      } else if (t.startsWith('D:')) {
        emails.push(t.slice(2));
        if (emails.length > 1) expect(rest[i - 1]).toBe('S200');
      } else expect(t).toBe(`C:${rest[i - 1]!.slice(2)}`);
    }
    expect(emails).toHaveLength(50);
    expect(new Set(emails).size).toBe(50);
    expect(emails.every((e) => e.endsWith('@acme.test'))).toBe(true);
    // The seed's colleagues saved without a name got it from the directory.
    const rows = await stored(ada.userId);
    const bob = rows.find((r) => r.email === 'bob.smith@acme.test')!;
    expect(bob.displayName).toBe('Bob Smith');
    expect(first.enriched).toBeGreaterThan(0);
    expect(rows.filter((r) => r.email.startsWith('zz-incomplete-'))).toHaveLength(60);
  });

  it('handles at most 20 e-mails per enrichment call', async () => {
    const [acc] = await accountsOf(ada.userId);
    const client = peopleClient(deps, ada.userId, acc!.id, () => new Date());
    const rec = recorder();
    const call = await enrichContacts(
      deps.db,
      ada.userId,
      INCOMPLETE.slice(0, 25),
      () => client,
      rec.sleep,
    );
    expect(call.lookedUp).toEqual(INCOMPLETE.slice(0, 20));
    expect(rec.steps.map((s) => s.sleep)).toEqual(Array(19).fill(200));
  });

  it('upserts by user and e-mail: a second run adds no duplicates and keeps first_seen_at', async () => {
    const before = await stored(ada.userId);
    const second = await syncContacts(deps, ada.userId, { sleep: recorder().sleep });
    const after = await stored(ada.userId);
    expect(after).toHaveLength(before.length);
    expect(second.saved).toBe(first.saved);
    const seen = (rows: typeof before, email: string) => rows.find((r) => r.email === email)!;
    expect(seen(after, 'newhire@acme.test').firstSeenAt).toEqual(
      seen(before, 'newhire@acme.test').firstSeenAt,
    );
    expect(seen(after, 'newhire@acme.test').id).toBe(seen(before, 'newhire@acme.test').id);
    // The next 50 incomplete ones this time (the first 50 were tried and are older now).
    expect(second.enrichLookups).toBe(50);
  });

  it('is skipped without a Google token; a failed directory lookup gives nothing and the rest go on', async () => {
    const plain = await signUp(server, 'Plain');
    const count = fake.requests.length;
    expect(await syncContacts(deps, plain.userId)).toMatchObject({ skipped: true, saved: 0 });
    expect(fake.requests.length).toBe(count);

    const graceSync = await syncContacts(deps, grace.userId, { sleep: recorder().sleep });
    expect(graceSync).toMatchObject({ skipped: false, accounts: 1, failed: 0 });
    const rows = await stored(grace.userId);
    expect(rows.map((r) => [r.email, r.displayName]).sort()).toEqual([
      ['bob.smith@acme.test', 'Robert From Grace'],
      ['hank@umbrella.test', 'Hank Scorpio'],
    ]);

    // Grace's grant revoked: her lookup answers 401, the refresh fails, the lookup gives nothing;
    // the lookups around it (Ada's) still answer, with the same pauses.
    const [adaAccount] = await accountsOf(ada.userId);
    const [graceAccount] = await accountsOf(grace.userId);
    const crypto = await tokenCrypto(deps.auth);
    fake.revokeToken(await crypto.decrypt(graceAccount!.refreshToken!));
    fake.expireAccessTokens(GRACE);
    const adaClient = peopleClient(deps, ada.userId, adaAccount!.id, () => new Date());
    const deadClient = peopleClient(deps, grace.userId, graceAccount!.id, () => new Date());
    const rec = recorder();
    const before = fake.requests.length;
    const found = await lookUpDirectory(
      [
        { email: 'bob.okafor@acme.test', client: adaClient },
        { email: 'carol.okafor@acme.test', client: deadClient },
        { email: 'dave.okafor@acme.test', client: adaClient },
      ],
      rec.sleep,
    );
    expect([...found.keys()]).toEqual(['bob.okafor@acme.test', 'dave.okafor@acme.test']);
    expect(rec.steps.map((s) => s.sleep)).toEqual([100, 100]);
    expect(
      fake.requests
        .slice(before)
        .filter((r) => r.path === '/v1/people:searchDirectoryPeople')
        .map((r) => r.status),
    ).toEqual([200, 401, 200]);
    // The failed refresh removed Grace's tokens: her next sync is skipped.
    expect((await syncContacts(deps, grace.userId)).skipped).toBe(true);
  });
});

describe('/api/contacts', () => {
  it('lists by display name then e-mail, searches, and pages with a cursor', async () => {
    const all = await ada.get('/api/contacts?limit=200');
    expect(all.status).toBe(200);
    const names = all.body.contacts
      .filter((c: any) => c.displayName)
      .map((c: any) => c.displayName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Unnamed contacts come last, by e-mail.
    let pages: any[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await ada.get(`/api/contacts?limit=37${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      pages = pages.concat(res.body.contacts);
      cursor = res.body.nextCursor;
    } while (cursor);
    const rows = await stored(ada.userId);
    expect(pages).toHaveLength(rows.length);
    expect(new Set(pages.map((c) => c.id)).size).toBe(rows.length);
    const firstUnnamed = pages.findIndex((c) => c.displayName === null);
    expect(pages.slice(firstUnnamed).every((c) => c.displayName === null)).toBe(true);
    const unnamed = pages.slice(firstUnnamed).map((c) => c.email);
    expect(unnamed).toEqual([...unnamed].sort());
    expect(Object.keys(pages[0]).sort()).toEqual(
      ['displayName', 'email', 'id', 'isOrganizationContact', 'photoUrl'].sort(),
    );

    const found = await ada.get('/api/contacts?q=IVAN%20jon');
    expect(found.body.contacts.map((c: any) => c.email)).toEqual(
      expect.arrayContaining(['ivan.jones@acme.test', 'ivan.jones@globex.test']),
    );
    expect(found.body.contacts.every((c: any) => /ivan jon/i.test(c.displayName))).toBe(true);
    const byMail = await ada.get('/api/contacts?q=newhire@');
    expect(byMail.body.contacts.map((c: any) => c.email)).toEqual(['newhire@acme.test']);
    // '%' and '_' match themselves.
    expect((await ada.get('/api/contacts?q=%25')).body.contacts).toEqual([]);
    expect((await ada.get('/api/contacts?cursor=bogus')).status).toBe(400);
    expect((await ada.get('/api/contacts?limit=1000')).status).toBe(400);
  });

  it('looks contacts up by e-mail for avatars, at most 100', async () => {
    const res = await ada.get(
      '/api/contacts/lookup?email=Ivan.Jones@acme.test&email=nobody@acme.test&email=bob.smith@acme.test',
    );
    expect(res.status).toBe(200);
    expect(res.body.contacts.map((c: any) => [c.email, c.displayName])).toEqual([
      ['bob.smith@acme.test', 'Bob Smith'],
      ['ivan.jones@acme.test', 'Ivan Jones'],
    ]);
    const many = Array.from({ length: 101 }, (_, i) => `email=p${i}@x.test`).join('&');
    expect((await ada.get(`/api/contacts/lookup?${many}`)).status).toBe(400);
    expect((await ada.get('/api/contacts/lookup')).status).toBe(400);
  });

  it("never shows user A's contacts to user B", async () => {
    const b = await grace.get('/api/contacts?limit=200');
    expect(b.body.contacts.map((c: any) => c.displayName).sort()).toEqual([
      'Hank Scorpio',
      'Robert From Grace',
    ]);
    expect((await grace.get('/api/contacts?q=Ivan')).body.contacts).toEqual([]);
    const lookup = await grace.get(
      '/api/contacts/lookup?email=ivan.jones@acme.test&email=bob.smith@acme.test',
    );
    expect(lookup.body.contacts.map((c: any) => c.displayName)).toEqual(['Robert From Grace']);
    const a = await ada.get(
      '/api/contacts/lookup?email=bob.smith@acme.test&email=hank@umbrella.test',
    );
    expect(a.body.contacts.map((c: any) => c.displayName)).toEqual(['Bob Smith']);
    // Another user's cursor is only a position: it never opens their rows.
    const adaPage = await ada.get('/api/contacts?limit=1');
    const other = await grace.get(`/api/contacts?cursor=${adaPage.body.nextCursor}`);
    expect(other.body.contacts.every((c: any) => c.displayName !== 'Ivan Jones')).toBe(true);
    expect(
      (await new (ada.constructor as typeof Client)(server.url).get('/api/contacts')).status,
    ).toBe(401);
  });

  it('queues a sync on request: one waiting job per user, never two', async () => {
    const res = await ada.post('/api/contacts/sync');
    expect(res.status).toBe(202);
    // Earlier requests (sign-in, link) already queued one while no worker runs here.
    expect(res.body).toEqual({ queued: false });
    const queued = await server.jobs.boss.findJobs(CONTACTS_SYNC_QUEUE, { queued: true });
    const keys = queued.map((j) => j.singletonKey).sort();
    expect(keys).toEqual([ada.userId, grace.userId].sort());
    expect(await enqueueContactsSyncForAll(deps.db, server.jobs)).toBe(0);
    const other = await signUp(server, 'Other');
    expect((await other.post('/api/contacts/sync')).body).toEqual({ queued: true });
    expect((await other.post('/api/contacts/sync')).body).toEqual({ queued: false });
  });
});

describe('the contacts.sync job', () => {
  let worker: RunningServer;
  afterAll(async () => {
    await worker?.close();
  });

  it('runs on connect and every 30 minutes through a durable schedule', async () => {
    worker = await startTestServer(fakeGoogleEnv(fake), { contactsSync: true });
    const schedules = await worker.jobs.boss.getSchedules(CONTACTS_SYNC_ALL_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual(['*/30 * * * *']);
    const user = await signUp(worker, 'Personal');
    // What the user's browsers hear of the sync over the realtime stream.
    const heard: ContactsSyncEvent[] = [];
    worker.realtime.subscribe(user.userId, (event) => {
      if (event.type === 'contacts-sync') heard.push(event.data);
    });
    const finished = () => heard.filter((e) => e.state === 'done');
    await linkGoogle(worker, fake, user, ADA_PERSONAL);
    // The link queued the sync; the worker saves the 12 seeded personal contacts.
    let done: { state: string }[] = [];
    for (let i = 0; i < 150 && !done.some((j) => j.state === 'completed'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = await worker.jobs.boss.findJobs(CONTACTS_SYNC_QUEUE, { key: user.userId });
    }
    const list = await user.get('/api/contacts?limit=200');
    expect(list.body.contacts).toHaveLength(12);
    expect(list.body.contacts.every((c: any) => c.email.endsWith('@example-mail.test'))).toBe(true);
    // A consumer account (no hd claim): friends at its own mail domain are not an organisation.
    expect(list.body.contacts.filter((c: any) => c.isOrganizationContact)).toEqual([]);
    expect(done.map((j) => j.state)).toContain('completed');
    // It said where it was, then what changed: all 12 are new.
    await expect.poll(() => finished().length, { timeout: 30_000 }).toBe(1);
    expect(heard[0]).toEqual({ state: 'running', phase: 'reading', done: 0, total: 0 });
    expect(heard).toContainEqual({ state: 'running', phase: 'saving', done: 12, total: 12 });
    expect(heard.at(-1)).toEqual({
      state: 'done',
      saved: 12,
      added: 12,
      failed: 0,
      skipped: false,
    });

    // The schedule's job queues a sync per connected user (this one), skipping the others.
    await signUp(worker, 'NoGoogle');
    await worker.jobs.boss.send(CONTACTS_SYNC_ALL_QUEUE, {});
    for (let i = 0; i < 150 && done.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = await worker.jobs.boss.findJobs(CONTACTS_SYNC_QUEUE);
    }
    expect(done.map((j) => (j as { singletonKey?: string }).singletonKey)).toEqual([
      user.userId,
      user.userId,
    ]);
    // The second run saved the same 12, none of them new. Two jobs exist once the second is
    // queued: its run may still be under way on a loaded machine.
    await expect.poll(() => finished().length, { timeout: 30_000 }).toBe(2);
    expect(finished()[1]).toEqual({
      state: 'done',
      saved: 12,
      added: 0,
      failed: 0,
      skipped: false,
    });
  });

  it('answers 404 without Google configured', async () => {
    const plain = await startTestServer();
    try {
      const user = await signUp(plain, 'NoGoogle');
      expect((await user.get('/api/contacts')).status).toBe(404);
      expect((await user.post('/api/contacts/sync')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
