/**
 * The contacts sync against the loopback Google fake: its rules (who becomes a contact, rooms,
 * groups, the directory and enrichment steps, their pauses). The sync's pauses go through an
 * injected sleep that records them next to the fake's request log, so the requested gaps are
 * asserted in order without waiting for them. The routes and the job are in contacts-api.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/harness.ts';
import { peopleClient } from '../../integrations/google/people.ts';
import {
  enrichContacts,
  lookUpDirectory,
  syncContacts,
  type ContactSyncResult,
} from '../../services/contacts/sync-contacts.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';
import {
  ADA,
  GRACE,
  ROOM,
  BIG_MEETING,
  INCOMPLETE,
  fake,
  server,
  deps,
  ada,
  grace,
  recorder,
  timeline,
  accountsOf,
  stored,
  useContactsWorld,
  type Step,
} from '../../../test/contacts-fixture.ts';

useContactsWorld();

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
