/**
 * Calendar data and event linking against the loopback Google fake: the range fetch paging past
 * 2,500 events, declined events left out, all-day events kept with their exclusive end, the
 * upcoming and search rules, the 401 refresh-and-retry-once rule through the routes, the failure
 * rules per fetch, link/unlink with groups, and isolation between users.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  BULK_EVENT_COUNT,
  startFakeGoogle,
  type FakeCalendarEvent,
  type FakeGoogle,
} from '@summy/fakes/google';
import { zonedMidnightIso, type CalendarEvent } from '@summy/core';
import { account, contacts, meetingGroups, meetings } from '@summy/db';
import { fakeGoogleEnv, linkGoogle, signInWithGoogle } from '../../../test/google.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitSearchIndexed } from '../../../test/meetings.ts';
import type { RunningServer } from '../../server.ts';
import { tokenCrypto, type GoogleDeps } from '../../integrations/google/tokens.ts';
import { listCalendarEvents } from '../../services/calendar/list-calendar-events.ts';
import { listUpcomingMeetings } from '../../services/calendar/list-upcoming-meetings.ts';

const ADA = 'ada@acme.test';
const ADA_PERSONAL = 'ada.personal@example-mail.test';
const GRACE = 'grace@globex.test';
const RECONNECT = 'Authentication failed, please reconnect Google Calendar';
const DAY = 86_400_000;

let fake: FakeGoogle;
let server: RunningServer;
let deps: GoogleDeps;

// A fresh server per test: each of the fake's accounts can belong to one user only.
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

const signIn = (email: string) => signInWithGoogle(server, fake, email);
const iso = (ms: number) => new Date(ms).toISOString();
const eventsCalls = () => fake.requests.filter((r) => r.path.startsWith('/calendar/v3/'));
const tokenCalls = () => fake.requests.filter((r) => r.path === '/token').length;

async function range(c: Client, fromMs: number, toMs: number, timeZone?: string) {
  const q = new URLSearchParams({ timeMin: iso(fromMs), timeMax: iso(toMs) });
  if (timeZone) q.set('timeZone', timeZone);
  return c.get<{ events: CalendarEvent[] }>(`/api/calendar/events?${q}`);
}

// The seeded week of ada@acme.test (Monday first, Europe/Berlin), found through its one-off
// Monday 14:00 event.
async function adaWeek(c: Client) {
  const now = Date.now();
  const res = await range(c, now - 10 * DAY, now + 20 * DAY, 'Europe/Berlin');
  expect(res.status).toBe(200);
  const kickoff = res.body.events.find((e) => e.title === 'Globex kickoff')!;
  return { events: res.body.events, monday8: Date.parse(kickoff.startTime) - 6 * 3_600_000 };
}

async function accountIds(c: Client): Promise<string[]> {
  return (await c.get('/api/google/accounts')).body.map((a: { id: string }) => a.id);
}

async function breakAccount(id: string) {
  const [row] = await deps.db.select().from(account).where(eq(account.id, id));
  fake.revokeToken(await (await tokenCrypto(deps.auth)).decrypt(row!.refreshToken!));
  await deps.db
    .update(account)
    .set({ accessTokenExpiresAt: new Date(0) })
    .where(eq(account.id, id));
}

describe('range fetch (GET /api/calendar/events)', () => {
  it('pages past 2,500 events with pageToken until Google sends no nextPageToken', async () => {
    const grace = await signIn(GRACE);
    const now = Date.now();
    const before = eventsCalls().length;
    const all = await listCalendarEvents(deps, grace.userId, {
      timeMin: iso(now - 70 * DAY),
      timeMax: iso(now + 40 * DAY),
    });
    expect(all).toHaveLength(BULK_EVENT_COUNT);
    expect(new Set(all.map((e) => e.id)).size).toBe(BULK_EVENT_COUNT);
    const calls = eventsCalls().slice(before);
    expect(calls).toHaveLength(2);
    expect(calls.map((r) => [r.query.maxResults?.[0], r.query.singleEvents?.[0]])).toEqual([
      ['2500', 'true'],
      ['2500', 'true'],
    ]);
    expect(calls[0]!.query.pageToken).toBeUndefined();
    expect(calls[1]!.query.pageToken?.[0]).toBeTruthy();
    expect(calls[0]!.query.fields?.[0]).toContain('nextPageToken');
    // Ordered by start across pages.
    const starts = all.map((e) => Date.parse(e.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    // Through the route: at most 62 days, the same events as the service for that range.
    const res = await range(grace, now - 31 * DAY, now + 31 * DAY);
    expect(res.status).toBe(200);
    const inRange = all.filter(
      (e) => Date.parse(e.endTime) > now - 31 * DAY && Date.parse(e.startTime) < now + 31 * DAY,
    );
    expect(res.body.events.map((e) => e.id)).toEqual(inRange.map((e) => e.id));
    expect(res.body.events[0]).toMatchObject({ accountEmail: GRACE, myStatus: 'accepted' });
  });

  it('keeps all-day events with their exclusive end, leaves declined ones out, maps the rest', async () => {
    const ada = await signIn(ADA);
    const [primary] = await accountIds(ada);
    const meeting = (await ada.post('/api/meetings', { title: 'Sync notes' })).body;
    await deps.db.insert(contacts).values({
      userId: ada.userId,
      email: 'Bob.Smith@acme.test',
      displayName: 'Bob Smith',
      photoUrl: 'https://photos.test/bob.png',
    });
    let { events } = await adaWeek(ada);
    const titles = events.map((e) => e.title);
    expect(titles).not.toContain('Initech vendor review');
    expect(events.every((e) => e.myStatus !== 'declined')).toBe(true);

    const offsite = events.find((e) => e.title === 'Team offsite')!;
    expect(offsite.isAllDay).toBe(true);
    expect(
      Date.parse(`${offsite.endDate}T00:00:00Z`) - Date.parse(`${offsite.startDate}T00:00:00Z`),
    ).toBe(3 * DAY);
    expect(offsite.startTime).toBe(zonedMidnightIso(offsite.startDate!, 'Europe/Berlin'));
    expect(offsite.endTime).toBe(zonedMidnightIso(offsite.endDate!, 'Europe/Berlin'));
    expect(offsite.location).toBe('Lake house');
    expect(titles).toEqual(expect.arrayContaining(['Founders day (holiday)', 'Bob out of office']));

    const sync = events.filter((e) => e.title === 'Weekly sync');
    expect(sync.length).toBeGreaterThanOrEqual(2);
    const instance = sync[0]!;
    expect(instance).toMatchObject({
      isAllDay: false,
      startDate: null,
      isRecurring: true,
      myStatus: 'accepted',
      accountId: primary,
      accountEmail: ADA,
      location: 'Berlin-3-Babbage (8)',
      linkedMeetingId: null,
    });
    expect(instance.recurringEventId).toBeTruthy();
    expect(instance.startTime).toMatch(/T10:00:00\+0[12]:00$/);
    // The room is a place, not an attendee; the others keep Google's names and answers.
    expect(instance.attendees.map((a) => [a.email, a.name, a.responseStatus])).toEqual([
      [ADA, 'Ada Lovelace', 'accepted'],
      ['bob.smith@acme.test', 'Bob Smith', 'accepted'],
      ['carol.smith@globex.test', 'Carol Smith', 'needsAction'],
      ['eng-team@acme.test', 'Engineering', 'needsAction'],
    ]);
    expect(instance.attendees[1]!.photoUrl).toBe('https://photos.test/bob.png');
    expect(instance.attendees[0]!.photoUrl).toBeNull();

    const status = (title: string) => events.find((e) => e.title === title)?.myStatus;
    expect(status('Globex kickoff')).toBe('needsAction');
    expect(status('Lunch with Hooli')).toBe('tentative');
    expect(status('Focus time')).toBe('accepted'); // no attendees
    // The name of an attendee without one is the part of the e-mail before '@'.
    const umbrella = events.find((e) => e.title === 'Umbrella contract call')!;
    expect(umbrella.attendees.find((a) => a.email === 'legal@umbrella.test')!.name).toBe('legal');

    // A linked meeting is named on its event.
    await ada.post(`/api/meetings/${meeting.id}/calendar-event`, {
      id: instance.id,
      title: instance.title,
      attendees: [],
    });
    ({ events } = await adaWeek(ada));
    expect(events.find((e) => e.id === instance.id)!.linkedMeetingId).toBe(meeting.id);
  });

  it('validates the range: ISO bounds, order, at most 62 days, a known time zone', async () => {
    const ada = await signIn(ADA);
    const now = Date.now();
    expect((await range(ada, now, now + 62 * DAY)).status).toBe(200);
    expect((await range(ada, now, now + 63 * DAY)).status).toBe(400);
    expect((await range(ada, now, now)).status).toBe(400);
    expect((await range(ada, now, now + DAY, 'Mars/Olympus')).status).toBe(400);
    expect((await ada.get('/api/calendar/events?timeMin=yesterday&timeMax=today')).status).toBe(
      400,
    );
    expect((await ada.get('/api/calendar/events')).status).toBe(400);
  });

  it('stops paging with "Request was cancelled" when the caller goes away', async () => {
    const grace = await signIn(GRACE);
    const now = Date.now();
    const before = eventsCalls().length;
    const controller = new AbortController();
    const pending = listCalendarEvents(
      deps,
      grace.userId,
      { timeMin: iso(now - 70 * DAY), timeMax: iso(now + 40 * DAY) },
      controller.signal,
    );
    controller.abort();
    await expect(pending).rejects.toThrow('Request was cancelled');
    expect(eventsCalls().length - before).toBeLessThan(2);
  });
});

describe('401, refresh and reconnect through the calendar routes', () => {
  it('refreshes once on a 401 and answers the events of the retry', async () => {
    const ada = await signIn(ADA);
    fake.expireAccessTokens(ADA);
    const before = tokenCalls();
    const res = await range(ada, Date.now(), Date.now() + 7 * DAY);
    expect(res.status).toBe(200);
    expect(res.body.events.length).toBeGreaterThan(0);
    expect(tokenCalls()).toBe(before + 1);
    const statuses = eventsCalls()
      .slice(-2)
      .map((r) => r.status);
    expect(statuses).toEqual([401, 200]);
  });

  it('answers the reconnect error and removes the tokens when the refresh fails; the other fetches answer empty', async () => {
    const ada = await signIn(ADA);
    const [id] = await accountIds(ada);
    await breakAccount(id!);
    // Upcoming and search fail silently (the refresh fails there too, and removes the tokens).
    const upcoming = await ada.get('/api/calendar/upcoming');
    expect(upcoming).toMatchObject({ status: 200, body: { events: [] } });
    const [row] = await deps.db.select().from(account).where(eq(account.id, id!));
    expect([row!.accessToken, row!.refreshToken]).toEqual([null, null]);
    // Tokens gone: nothing to read, an empty week (GET /api/google/status says disconnected).
    expect((await range(ada, Date.now(), Date.now() + DAY)).body).toEqual({ events: [] });
    expect((await ada.get('/api/google/status')).body.connected).toBe(false);
  });

  it('answers 409 with the documented error when the primary account cannot be refreshed during a range fetch', async () => {
    const ada = await signIn(ADA);
    const [id] = await accountIds(ada);
    const [row] = await deps.db.select().from(account).where(eq(account.id, id!));
    fake.revokeToken(await (await tokenCrypto(deps.auth)).decrypt(row!.refreshToken!));
    fake.expireAccessTokens(ADA);
    const res = await range(ada, Date.now(), Date.now() + DAY);
    expect(res.status).toBe(409);
    expect((res.body as unknown as { error: string }).error).toBe(RECONNECT);
    const [after] = await deps.db.select().from(account).where(eq(account.id, id!));
    expect(after!.refreshToken).toBeNull();
    expect((await ada.get('/api/calendar/search?q=sync')).body).toEqual({ events: [] });
  });

  it('gives up with 409 after one refresh when the retry is refused too (tokens kept)', async () => {
    // A second fake whose clock jumps 2 hours at every look once `skew` is on: every token it
    // hands out has expired by the time it is shown, the refreshed one included.
    let skew = false;
    let jumps = 0;
    const fake2 = await startFakeGoogle({
      now: () => new Date(Date.now() + (skew ? ++jumps * 2 * 3_600_000 : 0)),
    });
    const server2 = await startTestServer(fakeGoogleEnv(fake2));
    try {
      const ada = await signInWithGoogle(server2, fake2, ADA);
      const [id] = (await ada.get('/api/google/accounts')).body.map((a: { id: string }) => a.id);
      skew = true;
      const res = await ada.get(
        `/api/calendar/events?${new URLSearchParams({ timeMin: iso(Date.now()), timeMax: iso(Date.now() + DAY) })}`,
      );
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(RECONNECT);
      const calls = fake2.requests.filter((r) => r.path.startsWith('/calendar/v3/'));
      expect(calls.map((r) => r.status)).toEqual([401, 401]);
      expect(fake2.requests.filter((r) => r.path === '/token' && r.status === 200).length).toBe(
        2, // the sign-in's code exchange, then the one refresh
      );
      // The refresh itself succeeded: the account keeps its tokens.
      const [row] = await server2.database.db.select().from(account).where(eq(account.id, id));
      expect(row!.refreshToken).not.toBeNull();
    } finally {
      await server2.close();
      await fake2.close();
    }
  });

  it("never lets one account's failure hide the other accounts' events", async () => {
    const ada = await signIn(ADA);
    await linkGoogle(server, fake, ada, ADA_PERSONAL);
    const [, personal] = await accountIds(ada);
    const now = Date.now();
    let res = await range(ada, now - 10 * DAY, now + 20 * DAY);
    expect(new Set(res.body.events.map((e) => e.accountEmail))).toEqual(
      new Set([ADA, ADA_PERSONAL]),
    );
    expect(res.body.events.find((e) => e.title === 'Dentist')!.accountId).toBe(personal);
    await breakAccount(personal!);
    res = await range(ada, now - 10 * DAY, now + 20 * DAY);
    expect(res.status).toBe(200);
    expect(res.body.events.length).toBeGreaterThan(0);
    expect(res.body.events.every((e) => e.accountEmail === ADA)).toBe(true);
  });
});

describe('upcoming meetings and the per-account fetch', () => {
  it('takes the next 3 days, timed events only, no declined ones, by start', async () => {
    const ada = await signIn(ADA);
    const { monday8 } = await adaWeek(ada);
    const before = eventsCalls().length;
    const events = await listUpcomingMeetings(
      { ...deps, now: () => new Date(monday8) },
      ada.userId,
    );
    // Monday 08:00 to Thursday 08:00: all-day events and the declined Initech review left out.
    expect(events.map((e) => e.title)).toEqual([
      'Weekly sync',
      'Globex kickoff',
      '1:1 Ada / Bob',
      'Design review',
      'Lunch with Hooli',
    ]);
    const [call] = eventsCalls().slice(before);
    expect(call!.query).toMatchObject({
      orderBy: ['startTime'],
      maxResults: ['50'],
      singleEvents: ['true'],
      timeMin: [iso(monday8)],
      timeMax: [iso(monday8 + 3 * DAY)],
    });

    const res = await ada.get<{ events: CalendarEvent[] }>('/api/calendar/upcoming');
    expect(res.status).toBe(200);
    const now = Date.now();
    for (const e of res.body.events) {
      expect(e.isAllDay).toBe(false);
      expect(e.myStatus).not.toBe('declined');
      expect(Date.parse(e.startTime)).toBeLessThan(now + 3 * DAY + 60_000);
      expect(Date.parse(e.endTime)).toBeGreaterThan(now - 60_000);
    }
  });

  it("reads one account 7 days ahead, at most 100, and 404s for an account that is not the user's", async () => {
    const ada = await signIn(ADA);
    const [id] = await accountIds(ada);
    const before = eventsCalls().length;
    const res = await ada.get(`/api/calendar/accounts/${id}/events`);
    expect(res.status).toBe(200);
    const [call] = eventsCalls().slice(before);
    expect(call!.query.maxResults).toEqual(['100']);
    expect(Date.parse(call!.query.timeMax![0]!) - Date.parse(call!.query.timeMin![0]!)).toBe(
      7 * DAY,
    );
    expect((await ada.get('/api/calendar/accounts/nope/events')).status).toBe(404);
  });
});

describe('event search (GET /api/calendar/search)', () => {
  it('passes q to Google, scores locally and answers the best first, most recent among equals', async () => {
    const ada = await signIn(ADA);
    const now = Date.now();
    const at = (days: number, title: string, rest: Partial<FakeCalendarEvent> = {}) => {
      const start = now + days * DAY;
      fake.addEvent(ADA, {
        id: `zephyr${title.replace(/\W/g, '').toLowerCase()}`,
        summary: title,
        start: { dateTime: iso(start) },
        end: { dateTime: iso(start + 3_600_000) },
        organizer: { email: ADA },
        ...rest,
      });
    };
    at(-2, 'Zephyr planning'); // 3 + 1 (past week) = 4
    at(-10, 'Zephyr retro'); // 3
    at(-1, 'Budget', { description: 'About zephyr', location: 'Zephyr room' }); // 1 + 1 + 1 = 3
    at(3, 'Offsite', { location: 'ZEPHYR hall' }); // 1, future: no bonus
    at(-3, 'Zephyr declined', {
      attendees: [{ email: ADA, responseStatus: 'declined' }],
      organizer: { email: 'x@initech.test' },
    });
    at(-1, 'Guests', {
      attendees: [{ email: 'zephyr@hooli.test', responseStatus: 'accepted' }],
    }); // Google matches the attendee; the local score is 0
    at(-40, 'Zephyr ancient'); // before the 30-day window

    const before = eventsCalls().length;
    const res = await ada.get<{ events: CalendarEvent[] }>('/api/calendar/search?q=%20zephyr%20');
    expect(res.status).toBe(200);
    expect(res.body.events.map((e) => e.title)).toEqual([
      'Zephyr planning',
      'Budget',
      'Zephyr retro',
      'Offsite',
    ]);
    const [call] = eventsCalls().slice(before);
    expect(call!.query).toMatchObject({
      q: ['zephyr'],
      orderBy: ['startTime'],
      maxResults: ['100'],
    });
    const span = Date.parse(call!.query.timeMax![0]!) - Date.parse(call!.query.timeMin![0]!);
    expect(span).toBe(37 * DAY);

    expect((await ada.get('/api/calendar/search?q=%20%20')).status).toBe(400);
    expect((await ada.get(`/api/calendar/search?q=${'a'.repeat(201)}`)).status).toBe(400);
  });
});

describe('linking a meeting to a calendar event', () => {
  const weekly = {
    id: 'weekly_20261123T090000Z',
    title: 'Weekly sync',
    recurringEventId: 'weekly',
    attendees: [
      { email: ADA, displayName: 'Ada Lovelace' },
      { email: 'bob.smith@acme.test', displayName: 'Bob Smith' },
      { email: 'carol.smith@globex.test', displayName: 'Carol Smith' },
      { email: 'eng-team@acme.test', displayName: 'Engineering' },
      { email: 'c_1888a4d6e0b1f2e3@resource.calendar.google.com', displayName: 'Room' },
      { email: 'peter@Initech.test' },
    ],
  };

  it('stores the calendar fields, keeps the participants and files the meeting into domain and recurring groups', async () => {
    const ada = await signIn(ADA);
    await linkGoogle(server, fake, ada, ADA_PERSONAL);
    const [primary, personal] = await accountIds(ada);
    const m1 = (await ada.post('/api/meetings', { title: 'One' })).body;
    const m2 = (await ada.post('/api/meetings', { title: 'Two' })).body;

    const res = await ada.post(`/api/meetings/${m1.id}/calendar-event`, weekly);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: m1.id,
      calendarEventId: weekly.id,
      calendarEventTitle: 'Weekly sync',
      calendarRecurringEventId: 'weekly',
      calendarAccountId: primary,
      calendarAccountEmail: ADA,
      calendarAccountRemoved: false,
      // The meeting's own people (its speakers) are not replaced by the invitation list.
      participants: [],
    });
    expect(res.body.calendarEventAttendees).toEqual([
      { email: ADA, name: 'Ada Lovelace' },
      { email: 'bob.smith@acme.test', name: 'Bob Smith' },
      { email: 'carol.smith@globex.test', name: 'Carol Smith' },
      { email: 'eng-team@acme.test', name: 'Engineering' },
      { email: 'peter@Initech.test', name: 'peter' },
    ]);
    // acme.test is the user's own domain: no group for it, nor for the room.
    const summary = (g: any) => [g.type, g.name, g.domain, g.recurringEventId];
    expect(res.body.groups.map(summary)).toEqual([
      ['domain', 'globex.test', 'globex.test', null],
      ['domain', 'initech.test', 'initech.test', null],
      ['recurring', 'Weekly sync', null, 'weekly'],
    ]);
    const [row] = await deps.db.select().from(meetings).where(eq(meetings.id, m1.id));
    expect(row!.calendarEventDomains).toEqual(['globex.test', 'initech.test']);

    // Linking again is harmless; another instance of the series reuses the groups. The
    // personal account's domain is the user's own too.
    expect((await ada.post(`/api/meetings/${m1.id}/calendar-event`, weekly)).status).toBe(200);
    const second = await ada.post(`/api/meetings/${m2.id}/calendar-event`, {
      id: 'weekly_20261130T090000Z',
      title: '',
      recurringEventId: 'weekly',
      attendees: [
        { email: 'carol.smith@globex.test', displayName: 'Carol Smith' },
        { email: 'carol.home@example-mail.test' },
      ],
      accountId: personal,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      calendarEventTitle: 'Untitled Event',
      calendarAccountEmail: ADA_PERSONAL,
    });
    expect(second.body.groups.map((g: any) => g.id)).toEqual([
      res.body.groups[0].id,
      res.body.groups[2].id,
    ]);
    const all = await deps.db
      .select()
      .from(meetingGroups)
      .where(eq(meetingGroups.userId, ada.userId));
    expect(all).toHaveLength(3);
    const groups = await ada.get(`/api/meetings/${m1.id}/groups`);
    expect(groups.body.groups.map(summary)).toEqual(res.body.groups.map(summary));
    const listed = (await ada.get('/api/meeting-groups')).body;
    expect(listed.find((g: any) => g.type === 'recurring').meetingIds.sort()).toEqual(
      [m1.id, m2.id].sort(),
    );

    // A flagged account (removed) is cleared by a new link.
    await deps.db
      .update(meetings)
      .set({ calendarAccountRemoved: true })
      .where(eq(meetings.id, m1.id));
    const relinked = await ada.post(`/api/meetings/${m1.id}/calendar-event`, weekly);
    expect(relinked.body.calendarAccountRemoved).toBe(false);
  });

  it("unlinks: every calendar field cleared, the meeting leaves its link's groups, others stay", async () => {
    const ada = await signIn(ADA);
    const m1 = (await ada.post('/api/meetings', { title: 'One' })).body;
    const m2 = (await ada.post('/api/meetings', { title: 'Two' })).body;
    await ada.post(`/api/meetings/${m1.id}/calendar-event`, weekly);
    await ada.post(`/api/meetings/${m2.id}/calendar-event`, weekly);
    const res = await ada.delete(`/api/meetings/${m1.id}/calendar-event`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      calendarEventId: null,
      calendarEventTitle: null,
      calendarEventAttendees: null,
      calendarRecurringEventId: null,
      calendarAccountId: null,
      calendarAccountEmail: null,
      calendarAccountRemoved: false,
    });
    const [row] = await deps.db.select().from(meetings).where(eq(meetings.id, m1.id));
    expect(row!.calendarEventDomains).toBeNull();
    expect((await ada.get(`/api/meetings/${m1.id}/groups`)).body).toEqual({ groups: [] });
    expect((await ada.get(`/api/meetings/${m2.id}/groups`)).body.groups).toHaveLength(3);
    // Unlinking twice is fine.
    expect((await ada.delete(`/api/meetings/${m1.id}/calendar-event`)).status).toBe(200);
  });

  it('keeps the speakers while linked and gives back exactly what was there on unlink', async () => {
    const ada = await signIn(ADA);
    const speakers = ['Speaker 1', 'Grace Hopper', 'Speaker 3'];
    const m = (await ada.post('/api/meetings', { title: 'Speakers', participants: speakers })).body;
    const before = (await ada.get(`/api/meetings/${m.id}`)).body;
    expect(before.participants).toEqual(speakers);

    const linked = await ada.post(`/api/meetings/${m.id}/calendar-event`, weekly);
    expect(linked.status).toBe(200);
    expect(linked.body.participants).toEqual(speakers);
    expect(linked.body.calendarEventAttendees.map((a: { name: string }) => a.name)).toEqual([
      'Ada Lovelace',
      'Bob Smith',
      'Carol Smith',
      'Engineering',
      'peter',
    ]);
    // Linking to another event in between changes nothing either.
    await ada.post(`/api/meetings/${m.id}/calendar-event`, {
      id: 'other',
      title: 'Other',
      attendees: [{ email: 'zed@globex.test', displayName: 'Zed' }],
    });

    const unlinked = await ada.delete(`/api/meetings/${m.id}/calendar-event`);
    expect(unlinked.status).toBe(200);
    const after = (await ada.get(`/api/meetings/${m.id}`)).body;
    const { updated_at: _a, ...was } = before;
    const { updated_at: _b, ...is } = after;
    expect(is).toEqual(was);
  });

  it('validates the payload', async () => {
    const ada = await signIn(ADA);
    const m = (await ada.post('/api/meetings', { title: 'One' })).body;
    const bad = [
      {},
      { id: '' },
      { id: 'x', extra: 1 },
      { id: 'x', attendees: [{ displayName: 'No mail' }] },
      { id: 'x\u0000' },
    ];
    for (const body of bad) {
      expect((await ada.post(`/api/meetings/${m.id}/calendar-event`, body)).status).toBe(400);
    }
    expect((await ada.post('/api/meetings/not-a-uuid/calendar-event', { id: 'x' })).status).toBe(
      400,
    );
  });
});

describe("isolation: user B never reads or uses user A's events, groups or tokens", () => {
  it('answers 404 or nothing of A to B', async () => {
    const a = await signIn(ADA);
    const [aAccount] = await accountIds(a);
    const m = (await a.post('/api/meetings', { title: 'A secret meeting' })).body;
    await a.post(`/api/meetings/${m.id}/calendar-event`, {
      id: 'ev1',
      title: 'Secret event',
      recurringEventId: 'series',
      attendees: [{ email: 'x@globex.test' }],
    });
    const snapshot = async () =>
      JSON.stringify({
        m: await deps.db.select().from(meetings).where(eq(meetings.userId, a.userId)),
        g: await deps.db.select().from(meetingGroups).where(eq(meetingGroups.userId, a.userId)),
        t: await deps.db
          .select()
          .from(account)
          .where(and(eq(account.userId, a.userId))),
      });
    // The background search index stamps A's meeting after its writes: let it, so the snapshot
    // compares only what B's attempts could change.
    await waitSearchIndexed(server.database);
    const before = await snapshot();

    const b = await signUp(server, 'B');
    const own = (await b.post('/api/meetings', { title: 'B meeting' })).body;
    const now = Date.now();
    for (const res of [
      await range(b, now - 10 * DAY, now + 20 * DAY),
      await b.get('/api/calendar/upcoming'),
      await b.get('/api/calendar/search?q=sync'),
    ]) {
      expect(res).toMatchObject({ status: 200, body: { events: [] } });
    }
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/calendar/accounts/${aAccount}/events`],
      ['POST', `/api/meetings/${m.id}/calendar-event`, { id: 'pwned' }],
      ['DELETE', `/api/meetings/${m.id}/calendar-event`],
      ['GET', `/api/meetings/${m.id}/groups`],
      ['POST', `/api/meetings/${own.id}/calendar-event`, { id: 'x', accountId: aAccount }],
    ];
    for (const [method, route, body] of attempts) {
      const res = await b.request(method, route, body);
      expect(res.status, `${method} ${route}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
    }
    expect(await snapshot()).toBe(before);
    // B's own link never reaches A's groups.
    const linked = await b.post(`/api/meetings/${own.id}/calendar-event`, {
      id: 'ev1',
      recurringEventId: 'series',
      attendees: [{ email: 'x@globex.test' }],
    });
    const aGroups = (await a.get(`/api/meetings/${m.id}/groups`)).body.groups.map((g: any) => g.id);
    expect(linked.body.groups).toHaveLength(2);
    for (const g of linked.body.groups) expect(aGroups).not.toContain(g.id);
  });
});

describe('without Google configured', () => {
  it('answers 404 on the calendar routes while link, unlink and groups still work', async () => {
    const plain = await startTestServer();
    try {
      const c = await signUp(plain, 'Plain');
      const res = await c.get('/api/calendar/upcoming');
      expect(res.status).toBe(404);
      expect(res.body.details).toBe('Google is not configured on this server');
      expect((await c.get('/api/calendar/search?q=x')).status).toBe(404);
      const m = (await c.post('/api/meetings', { title: 'M' })).body;
      const linked = await c.post(`/api/meetings/${m.id}/calendar-event`, {
        id: 'e',
        attendees: [{ email: 'p@partner.test' }],
      });
      expect(linked.status).toBe(200);
      expect(linked.body).toMatchObject({ calendarAccountId: null, calendarAccountEmail: null });
      expect(linked.body.groups.map((g: any) => g.domain)).toEqual(['partner.test']);
      expect((await c.delete(`/api/meetings/${m.id}/calendar-event`)).body.calendarEventId).toBe(
        null,
      );
    } finally {
      await plain.close();
    }
  });
});
