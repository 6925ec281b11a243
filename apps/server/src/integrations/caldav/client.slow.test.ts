/**
 * Contract suite of the reminders client against a real Radicale: lists, VTODOs with due dates and
 * priorities, completion, edits, moves, a wrong password, and the network policy. Each test uses
 * its own CalDAV user, so edits never meet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRadicale, type RunningRadicale } from '@summy/fakes/radicale';
import type { ReminderList } from '@summy/core';
import { assertAllowedUrl, connectCaldav, type CaldavPolicy } from './client.ts';

const policy: CaldavPolicy = { allowPrivateHosts: true };
const USERS = ['read', 'done', 'edit', 'move', 'keep', 'find', 'zone'];
let radicale: RunningRadicale;

beforeAll(async () => {
  radicale = await startRadicale({
    users: USERS.map((u) => ({ username: u, password: `${u}-secret` })),
  });
});
afterAll(() => radicale?.stop());

const login = (username: string, password = `${username}-secret`) =>
  connectCaldav({ serverUrl: radicale.url, username, password }, policy);

// The object as stored on the server, read without the client.
async function raw(url: string, username: string, init: RequestInit = {}) {
  const auth = Buffer.from(`${username}:${username}-secret`).toString('base64');
  return fetch(url, {
    ...init,
    headers: { authorization: `Basic ${auth}`, ...(init.headers ?? {}) },
  });
}

// Stores an object as another CalDAV client (Apple's Reminders app, say) would: `lines` are the
// components inside VCALENDAR.
async function putRaw(url: string, username: string, lines: string[]) {
  const calendar = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Apple Inc.//iOS 18//EN', ...lines];
  const res = await raw(url, username, {
    method: 'PUT',
    body: [...calendar, 'END:VCALENDAR', ''].join('\r\n'),
    headers: { 'content-type': 'text/calendar' },
  });
  expect(res.status).toBe(201);
}

// What a promise rejects with, or null when it resolves.
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );

async function listsOf(username: string) {
  const client = await login(username);
  return { client, lists: await client.fetchLists() };
}

const byName = (lists: ReminderList[], name: string) => lists.find((l) => l.name === name)!;

describe('reminders client against Radicale', () => {
  it('lists the to-do lists by name with their colours, not the event calendar', async () => {
    const { lists } = await listsOf('read');
    expect(lists).toEqual([
      {
        id: radicale.listUrl('personal', 'read'),
        name: 'Personal',
        color: '#1badf8',
        isShared: false,
      },
      { id: radicale.listUrl('work', 'read'), name: 'Work', color: '#ff2968', isShared: false },
    ]);
  });

  it('reads incomplete VTODOs with due dates, notes and priorities on the Apple scale', async () => {
    const { client, lists } = await listsOf('read');
    const reminders = await client.fetchReminders(lists);
    const byTitle = Object.fromEntries(reminders.map((r) => [r.title, r]));
    expect(Object.keys(byTitle).sort()).toEqual([
      'Book the venue',
      'Buy milk',
      'Call the dentist',
      'Send the quarterly report',
    ]);
    expect(byTitle['Send the quarterly report']).toMatchObject({
      id: 'todo-report@summy.test',
      notes: 'Numbers from finance first',
      dueDate: '2026-12-01T17:00:00.000Z',
      completed: false,
      completedAt: null,
      priority: 9,
      list: { id: radicale.listUrl('work', 'read'), name: 'Work' },
      createdAt: '2026-01-01T09:00:00.000Z',
      updatedAt: '2026-01-01T09:00:00.000Z',
      url: `${radicale.listUrl('work', 'read')}todo-report%40summy.test.ics`,
    });
    expect(byTitle['Book the venue']).toMatchObject({ dueDate: '2026-12-05', priority: 5 });
    expect(byTitle['Call the dentist']).toMatchObject({ dueDate: null, priority: 1 });
    expect(byTitle['Buy milk']).toMatchObject({ notes: null, priority: 0 });
    // Only the lists asked for.
    const personal = await client.fetchReminders([byName(lists, 'Personal')]);
    expect(personal.map((r) => r.title).sort()).toEqual(['Buy milk', 'Call the dentist']);
  });

  it('refuses a wrong password and an unknown user with 401 Authentication failed', async () => {
    for (const [user, password] of [
      ['read', 'wrong'],
      ['nobody', 'x'],
    ] as const) {
      const failure = await rejection(login(user, password));
      expect(failure).toMatchObject({
        status: 401,
        message: 'Authentication failed',
        details: 'Please check your credentials and try again',
      });
    }
  });

  it('answers 502 for a server that does not answer', async () => {
    const closed = `http://127.0.0.1:${radicale.port === 1 ? 2 : 1}`;
    const failure = await rejection(
      connectCaldav(
        { serverUrl: closed, username: 'read', password: 'read-secret' },
        { ...policy, timeoutMs: 2_000 },
      ),
    );
    expect(failure).toMatchObject({ status: 502, message: 'Failed to connect to Apple Reminders' });
  });

  it('completes a reminder (COMPLETED stamped, left out of the list) and reopens it', async () => {
    const { client, lists } = await listsOf('done');
    const now = new Date('2026-11-26T10:00:00Z');
    const done = await client.updateReminder(
      'todo-milk@summy.test',
      { completed: true },
      lists,
      now,
    );
    expect(done).toMatchObject({
      completed: true,
      completedAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:00:00.000Z',
    });
    const stored = await (await raw(done.url, 'done')).text();
    expect(stored).toMatch(/STATUS:COMPLETED/);
    expect(stored).toMatch(/COMPLETED:20261126T100000Z/);
    expect(stored).toMatch(/PERCENT-COMPLETE:100/);
    expect(stored).toMatch(/SEQUENCE:1/);
    expect((await client.fetchReminders(lists)).map((r) => r.title)).not.toContain('Buy milk');

    const reopened = await client.updateReminder(
      'todo-milk@summy.test',
      { completed: false },
      lists,
    );
    expect(reopened).toMatchObject({ completed: false, completedAt: null });
    const after = await (await raw(done.url, 'done')).text();
    expect(after).toMatch(/STATUS:NEEDS-ACTION/);
    expect(after).not.toMatch(/^COMPLETED:/m);
    expect(after).not.toMatch(/PERCENT-COMPLETE/);
    expect((await client.fetchReminders(lists)).map((r) => r.title)).toContain('Buy milk');
  });

  it('edits the title, due date and priority, converting the priority to RFC 5545', async () => {
    const { client, lists } = await listsOf('edit');
    const id = 'todo-venue@summy.test';
    let r = await client.updateReminder(id, { title: 'Book the big venue', priority: 7 }, lists);
    expect(r).toMatchObject({ title: 'Book the big venue', priority: 7, dueDate: '2026-12-05' });
    expect(await (await raw(r.url, 'edit')).text()).toMatch(/PRIORITY:3/);

    r = await client.updateReminder(id, { dueDate: '2026-12-24T15:30:00Z' }, lists);
    expect(r.dueDate).toBe('2026-12-24T15:30:00.000Z');
    r = await client.updateReminder(id, { dueDate: '2027-01-02' }, lists);
    expect(r.dueDate).toBe('2027-01-02');
    expect(await (await raw(r.url, 'edit')).text()).toMatch(/DUE;VALUE=DATE:20270102/);
    r = await client.updateReminder(id, { dueDate: null, priority: 0 }, lists);
    expect(r).toMatchObject({ dueDate: null, priority: 0 });
    const stored = await (await raw(r.url, 'edit')).text();
    expect(stored).not.toMatch(/^DUE/m);
    expect(stored).not.toMatch(/^PRIORITY/m);

    // What the server now serves is what the edit answered.
    const fresh = (await client.fetchReminders(lists)).find((x) => x.id === id);
    expect(fresh).toEqual(r);
  });

  it('moves a reminder to another list, keeping its id', async () => {
    const { client, lists } = await listsOf('move');
    const personal = byName(lists, 'Personal');
    const before = (await client.fetchReminders(lists)).find((r) => r.title === 'Book the venue')!;
    const moved = await client.updateReminder(before.id, { listId: personal.id }, lists);
    expect(moved).toMatchObject({ id: before.id, list: { id: personal.id, name: 'Personal' } });
    expect((await raw(before.url, 'move')).status).toBe(404);
    const inPersonal = await client.fetchReminders([personal]);
    expect(inPersonal.map((r) => r.id)).toContain(before.id);

    const other = await rejection(
      client.updateReminder(before.id, { listId: `${radicale.url}/read/work/` }, lists),
    );
    expect(other).toMatchObject({ status: 400, message: 'Unknown reminder list' });
  });

  it('keeps properties it does not know through an edit', async () => {
    const { client, lists } = await listsOf('keep');
    const url = `${radicale.listUrl('work', 'keep')}apple.ics`;
    await putRaw(url, 'keep', [
      'BEGIN:VTODO',
      'UID:apple-1',
      'DTSTAMP:20260101T090000Z',
      'SUMMARY:From the Reminders app',
      'X-APPLE-SORT-ORDER:42',
      'CATEGORIES:errands',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Reminder',
      'TRIGGER:-PT15M',
      'END:VALARM',
      'END:VTODO',
    ]);
    await client.updateReminder('apple-1', { title: 'Renamed' }, lists);
    const stored = await (await raw(url, 'keep')).text();
    expect(stored).toMatch(/SUMMARY:Renamed/);
    expect(stored).toMatch(/X-APPLE-SORT-ORDER:42/);
    expect(stored).toMatch(/CATEGORIES:errands/);
    expect(stored).toMatch(/TRIGGER:-PT15M/);
  });

  it('finds a reminder by its whole UID only, and answers 404 for another', async () => {
    const { client, lists } = await listsOf('find');
    for (const id of ['todo-', 'summy.test', 'missing@summy.test']) {
      const failure = await rejection(client.updateReminder(id, { title: 'x' }, lists));
      expect(failure).toMatchObject({ status: 404 });
    }
  });

  it('reads a due date with a TZID through the object’s VTIMEZONE', async () => {
    const { client, lists } = await listsOf('zone');
    const url = `${radicale.listUrl('personal', 'zone')}berlin.ics`;
    await putRaw(url, 'zone', [
      'BEGIN:VTIMEZONE',
      'TZID:Test/Berlin',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VTODO',
      'UID:berlin-1',
      'DTSTAMP:20260101T090000Z',
      'SUMMARY:Berlin call',
      'DUE;TZID=Test/Berlin:20261201T100000',
      'END:VTODO',
    ]);
    const berlin = (await client.fetchReminders(lists)).find((r) => r.id === 'berlin-1');
    expect(berlin?.dueDate).toBe('2026-12-01T09:00:00.000Z');
  });
});

describe('network policy', () => {
  it('refuses loopback and plain http unless private hosts are allowed', async () => {
    const strict: CaldavPolicy = { allowPrivateHosts: false };
    await expect(
      assertAllowedUrl(new URL('https://127.0.0.1:8443/'), strict),
    ).rejects.toMatchObject({ status: 400 });
    await expect(assertAllowedUrl(new URL('https://[::1]/'), strict)).rejects.toMatchObject({
      status: 400,
    });
    await expect(assertAllowedUrl(new URL('http://17.253.144.10/'), strict)).rejects.toMatchObject({
      status: 400,
    });
    await expect(assertAllowedUrl(new URL('https://17.253.144.10/'), strict)).resolves.toBe(
      '17.253.144.10',
    );
    await expect(assertAllowedUrl(new URL('http://127.0.0.1/'), policy)).resolves.toBe('127.0.0.1');
    // The login itself is refused before any request leaves.
    await expect(
      connectCaldav({ serverUrl: radicale.url, username: 'read', password: 'read-secret' }, strict),
    ).rejects.toMatchObject({ status: 400 });
  });
});
