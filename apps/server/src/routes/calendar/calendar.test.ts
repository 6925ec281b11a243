/**
 * Calendar data against the loopback Google fake: the range fetch paging past 2,500 events,
 * declined events left out, all-day events kept with their exclusive end, the 401
 * refresh-and-retry-once rule through the routes, the failure rules per fetch, and the upcoming
 * meetings. Linking, search and isolation are in calendar-link.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BULK_EVENT_COUNT, startFakeGoogle } from '@summy/fakes/google';
import { zonedMidnightIso, type CalendarEvent } from '@summy/core';
import { account, contacts } from '@summy/db';
import { fakeGoogleEnv, linkGoogle, signInWithGoogle } from '../../../test/google.ts';
import { startTestServer } from '../../../test/harness.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';
import { listCalendarEvents } from '../../services/calendar/list-calendar-events.ts';
import { listUpcomingMeetings } from '../../services/calendar/list-upcoming-meetings.ts';
import {
  ADA,
  ADA_PERSONAL,
  GRACE,
  RECONNECT,
  DAY,
  fake,
  server,
  deps,
  useCalendarServer,
  signIn,
  iso,
  eventsCalls,
  tokenCalls,
  range,
  adaWeek,
  accountIds,
  breakAccount,
} from '../../../test/calendar-fixture.ts';

useCalendarServer();

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
