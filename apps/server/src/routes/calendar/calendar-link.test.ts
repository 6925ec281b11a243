/**
 * Calendar event search and linking against the loopback Google fake: the search rules,
 * link/unlink with groups and speakers, isolation between users, and a server without Google.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type FakeCalendarEvent } from '@summy/fakes/google';
import { type CalendarEvent } from '@summy/core';
import { account, meetingGroups, meetings } from '@summy/db';
import { linkGoogle } from '../../../test/google.ts';
import { signUp, startTestServer } from '../../../test/harness.ts';
import { waitSearchIndexed } from '../../../test/meetings.ts';
import {
  ADA,
  ADA_PERSONAL,
  DAY,
  fake,
  server,
  deps,
  useCalendarServer,
  signIn,
  iso,
  eventsCalls,
  range,
  accountIds,
} from '../../../test/calendar-fixture.ts';

useCalendarServer();

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
