/**
 * Contract of the Google fake's APIs: Calendar v3 events.list and People v1 over fetch, with
 * tokens from its OAuth flow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_EVENT_COUNT, startFakeGoogle, type FakeGoogle } from './index.ts';
import type { Json } from '../../test/google-client.ts';
import { G, TODAY, events, get, signIn } from '../../test/google-client.ts';

describe('Google fake: Calendar v3 events.list', () => {
  let fake: FakeGoogle;
  let ada: string;
  let grace: string;
  const week = { timeMin: '2026-11-23T00:00:00+01:00', timeMax: '2026-11-30T00:00:00+01:00' };
  beforeAll(async () => {
    fake = await startFakeGoogle({ now: () => TODAY });
    ada = (await signIn(fake, 'ada@acme.test')).access_token;
    grace = (await signIn(fake, 'grace@globex.test')).access_token;
  });
  afterAll(() => fake.close());

  it('expands the weekly series into instances with recurringEventId, in start order', async () => {
    const { status, body } = await events(fake, ada, {
      ...week,
      singleEvents: 'true',
      orderBy: 'startTime',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'calendar#events',
      timeZone: 'Europe/Berlin',
      accessRole: 'owner',
    });
    expect(body.nextSyncToken).toBeTruthy();
    const sync = body.items.find((e: Json) => e.summary === 'Weekly sync');
    expect(sync).toMatchObject({
      id: `${sync.recurringEventId}_20261123T090000Z`,
      start: { dateTime: '2026-11-23T10:00:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-11-23T10:30:00+01:00' },
      originalStartTime: { dateTime: '2026-11-23T09:00:00Z' },
    });
    expect(sync.recurrence).toBeUndefined();
    const starts = body.items.map((e: Json) =>
      Date.parse(e.start.dateTime ?? `${e.start.date}T00:00:00+01:00`),
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    // Eight weeks of past instances; unexpanded, the series is one event with its rule.
    const past = await events(fake, ada, {
      timeMin: '2026-09-01T00:00:00Z',
      timeMax: week.timeMax,
      singleEvents: 'true',
      q: 'Weekly sync',
    });
    expect(past.body.items).toHaveLength(9);
    const master = await events(fake, ada, { ...week, q: 'Weekly sync' });
    expect(master.body.items).toHaveLength(1);
    expect(master.body.items[0]).toMatchObject({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'] });
    expect(master.body.items[0].recurringEventId).toBeUndefined();
    expect((await events(fake, ada, { ...week, orderBy: 'startTime' })).status).toBe(400);
  });

  it('keeps all-day end dates exclusive, and marks self, declined, needsAction, rooms and groups', async () => {
    const { body } = await events(fake, ada, { ...week, singleEvents: 'true' });
    const byName = (name: string) => body.items.find((e: Json) => e.summary === name);
    expect(byName('Team offsite')).toMatchObject({
      start: { date: '2026-11-24' },
      end: { date: '2026-11-27' },
    });
    expect(byName('Founders day (holiday)')).toMatchObject({
      start: { date: '2026-11-25' },
      end: { date: '2026-11-26' },
    });
    const friday = await events(fake, ada, {
      timeMin: '2026-11-27T00:00:00+01:00',
      timeMax: '2026-11-28T00:00:00+01:00',
      singleEvents: 'true',
    });
    expect(friday.body.items.map((e: Json) => e.summary)).not.toContain('Team offsite');

    const declined = byName('Initech vendor review');
    expect(declined.attendees).toContainEqual(
      expect.objectContaining({ email: 'ada@acme.test', self: true, responseStatus: 'declined' }),
    );
    expect(declined.organizer.self).toBeUndefined();
    const kickoff = byName('Globex kickoff');
    expect(kickoff.attendees).toContainEqual(
      expect.objectContaining({ self: true, responseStatus: 'needsAction' }),
    );
    const design = byName('Design review');
    expect(design.organizer).toMatchObject({ email: 'ada@acme.test', self: true });
    expect(design.attendees).toContainEqual(
      expect.objectContaining({
        resource: true,
        email: expect.stringMatching(/@resource\.calendar\.google\.com$/),
      }),
    );
    expect(design.attendees).toContainEqual(
      expect.objectContaining({ email: 'eng-team@acme.test' }),
    );
    expect(byName('Focus time').attendees).toBeUndefined();
    const domains = new Set(
      body.items.flatMap((e: Json) => (e.attendees ?? []).map((a: Json) => a.email.split('@')[1])),
    );
    expect([...domains]).toEqual(
      expect.arrayContaining([
        'acme.test',
        'globex.test',
        'initech.test',
        'umbrella.test',
        'hooli.test',
      ]),
    );
  });

  it('searches summary, description, location and attendees with q, and renders timeZone', async () => {
    const globex = await events(fake, ada, { ...week, singleEvents: 'true', q: 'globex' });
    expect(globex.body.items.map((e: Json) => e.summary).sort()).toEqual([
      'Demo day',
      'Globex kickoff',
      'Weekly sync',
    ]);
    const place = await events(fake, ada, { ...week, q: 'lake house' });
    expect(place.body.items.map((e: Json) => e.summary)).toEqual(['Team offsite']);
    const tokyo = await events(fake, ada, {
      ...week,
      singleEvents: 'true',
      q: 'weekly',
      timeZone: 'Asia/Tokyo',
    });
    expect(tokyo.body.items[0].start.dateTime).toBe('2026-11-23T18:00:00+09:00');
  });

  it('pages past 2,500 events with pageToken, with nextSyncToken on the last page only', async () => {
    const range = {
      timeMin: '2026-01-01T00:00:00Z',
      timeMax: '2027-01-01T00:00:00Z',
      singleEvents: 'true',
      orderBy: 'startTime',
    };
    const first = await events(fake, grace, { ...range, maxResults: '2500' });
    expect(first.body.items).toHaveLength(2500);
    expect(first.body.nextPageToken).toBeTruthy();
    expect(first.body.nextSyncToken).toBeUndefined();
    const second = await events(fake, grace, {
      ...range,
      maxResults: '2500',
      pageToken: first.body.nextPageToken,
    });
    expect(second.body.items).toHaveLength(BULK_EVENT_COUNT - 2500);
    expect(second.body.nextPageToken).toBeUndefined();
    expect(second.body.nextSyncToken).toBeTruthy();
    const ids = new Set([...first.body.items, ...second.body.items].map((e: Json) => e.id));
    expect(ids.size).toBe(BULK_EVENT_COUNT);
    // Never more than 2,500 a page; the default page is 250.
    expect((await events(fake, grace, { ...range, maxResults: '9999' })).body.items).toHaveLength(
      2500,
    );
    expect((await events(fake, grace, range)).body.items).toHaveLength(250);
    expect(
      (await events(fake, grace, { ...range, q: 'room 42', maxResults: '2500' })).body.items,
    ).toHaveLength(BULK_EVENT_COUNT / 10);
    expect((await events(fake, grace, { ...range, pageToken: 'garbage' })).status).toBe(400);
  });

  it('syncs incrementally with nextSyncToken, and answers 410 to an unknown or dropped one', async () => {
    const full = await events(fake, ada, { singleEvents: 'true' });
    const token = full.body.nextSyncToken as string;
    fake.addEvent('ada@acme.test', {
      id: 'addedbytest01',
      summary: 'Added by the test',
      start: { dateTime: '2026-11-26T12:00:00Z' },
      end: { dateTime: '2026-11-26T13:00:00Z' },
    });
    const delta = await events(fake, ada, { syncToken: token, singleEvents: 'true' });
    expect(delta.body.items.map((e: Json) => e.id)).toEqual(['addedbytest01']);

    const bad = await events(fake, ada, { syncToken: 'not-a-token' });
    expect(bad.status).toBe(410);
    expect(bad.body.error).toMatchObject({ code: 410, errors: [{ reason: 'fullSyncRequired' }] });
    fake.invalidateSyncTokens();
    expect((await events(fake, ada, { syncToken: delta.body.nextSyncToken })).status).toBe(410);
  });

  it('logs requests with repeated query parameters', () => {
    const last = fake.requests.at(-1)!;
    expect(last).toMatchObject({
      method: 'GET',
      path: '/calendar/v3/calendars/primary/events',
      status: 410,
    });
    expect(last.query.syncToken).toHaveLength(1);
  });
});

describe('Google fake: People v1', () => {
  let fake: FakeGoogle;
  let ada: string;
  beforeAll(async () => {
    fake = await startFakeGoogle({ now: () => TODAY });
    ada = (await signIn(fake, 'ada@acme.test')).access_token;
  });
  afterAll(() => fake.close());

  it('pages people/me/connections and keeps only personFields', async () => {
    const q = {
      pageSize: '100',
      personFields: 'names,emailAddresses',
      sources: ['READ_SOURCE_TYPE_CONTACT', 'READ_SOURCE_TYPE_PROFILE'],
    };
    const first = await get(fake, '/v1/people/me/connections', ada, q);
    expect(first.status).toBe(200);
    expect(first.body.connections).toHaveLength(100);
    expect(first.body.totalPeople).toBe(130);
    const person = first.body.connections.find((p: Json) => p.names);
    expect(person.resourceName).toMatch(/^people\/c\d+$/);
    expect(person.names[0]).toMatchObject({
      metadata: { primary: true, source: { type: 'CONTACT' } },
      displayName: expect.any(String),
    });
    expect(person.photos).toBeUndefined();
    const second = await get(fake, '/v1/people/me/connections', ada, {
      ...q,
      pageToken: first.body.nextPageToken,
    });
    expect(second.body.connections).toHaveLength(30);
    expect(second.body.nextPageToken).toBeUndefined();
    expect(fake.requests.at(-1)!.query.sources).toEqual([
      'READ_SOURCE_TYPE_CONTACT',
      'READ_SOURCE_TYPE_PROFILE',
    ]);
    expect((await get(fake, '/v1/people/me/connections', ada, { pageSize: '100' })).status).toBe(
      400,
    );
  });

  it('answers searchContacts with results[].person, and {} when nothing matches', async () => {
    const found = await get(fake, '/v1/people:searchContacts', ada, {
      query: 'carol',
      pageSize: '30',
      readMask: 'names,emailAddresses,photos',
    });
    expect(found.body.results.length).toBeGreaterThan(0);
    for (const { person } of found.body.results) {
      expect(person.names[0].givenName ?? '').toBe('Carol');
    }
    const byEmail = await get(fake, '/v1/people:searchContacts', ada, {
      query: 'bob.smith@acme',
      readMask: 'emailAddresses',
    });
    expect(byEmail.body.results[0].person.emailAddresses[0].value).toBe('bob.smith@acme.test');
    expect(
      (await get(fake, '/v1/people:searchContacts', ada, { query: 'zzz', readMask: 'names' })).body,
    ).toEqual({});
  });

  it('pages searchDirectoryPeople over the Workspace domain, and needs directory.readonly', async () => {
    const q = {
      readMask: 'names,emailAddresses,photos',
      sources: 'DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE',
      pageSize: '25',
    };
    const pages: Json[] = [];
    let pageToken: string | undefined;
    do {
      const { body } = await get(fake, '/v1/people:searchDirectoryPeople', ada, {
        ...q,
        ...(pageToken ? { pageToken } : {}),
      });
      pages.push(body);
      pageToken = body.nextPageToken;
    } while (pageToken);
    expect(pages.map((p) => p.people.length)).toEqual([25, 25, 10]);
    expect(pages[0]!.totalSize).toBe(60);
    expect(pages[0]!.people[0]).toMatchObject({
      resourceName: expect.stringMatching(/^people\/1\d+$/),
      emailAddresses: [{ value: 'ada@acme.test' }],
    });
    const one = await get(fake, '/v1/people:searchDirectoryPeople', ada, {
      ...q,
      pageSize: '1',
      query: 'bob.smith@acme.test',
    });
    expect(one.body.people).toHaveLength(1);

    const noDirectory = (await signIn(fake, 'ada@acme.test', `openid ${G}contacts.readonly`))
      .access_token;
    const denied = await get(fake, '/v1/people:searchDirectoryPeople', noDirectory, q);
    expect(denied.status).toBe(403);
    expect(denied.body.error.status).toBe('PERMISSION_DENIED');
    const consumer = (await signIn(fake, 'ada.personal@example-mail.test')).access_token;
    expect((await get(fake, '/v1/people:searchDirectoryPeople', consumer, q)).body).toEqual({});
  });
});
