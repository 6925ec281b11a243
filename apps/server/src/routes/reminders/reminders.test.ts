/**
 * `/api/integrations/apple-reminders*` against a real Radicale: connect
 * with a checked password stored encrypted and never answered, lists with the documented fallback,
 * reminders of the selected lists, edits, disconnect, the network policy, and isolation between two
 * Summy users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startRadicale, type RunningRadicale } from '@summy/fakes/radicale';
import { caldavConnections } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';

const BASE = '/api/integrations/apple-reminders';
const CALDAV_USERS = ['alice', 'bob', 'carol', 'dave', 'erin'];
const secret = (user: string) => `${user}-app-password`;

let radicale: RunningRadicale;
let server: RunningServer;

beforeAll(async () => {
  radicale = await startRadicale({
    users: CALDAV_USERS.map((username) => ({ username, password: secret(username) })),
  });
  server = await startTestServer({ CALDAV_ALLOW_PRIVATE_HOSTS: 'true' });
});
afterAll(async () => {
  await server?.close();
  await radicale?.stop();
});

// POST of the connect dialog for `caldavUser`, with the right password unless told otherwise.
const connect = (client: Client, caldavUser: string, serverUrl = radicale.url, password?: string) =>
  client.post(BASE, {
    username: caldavUser,
    password: password ?? secret(caldavUser),
    containerId: serverUrl,
  });

// Signs a new Summy user up and connects them as `caldavUser`.
async function connected(caldavUser: string): Promise<Client> {
  const client = await signUp(server, caldavUser);
  expect((await connect(client, caldavUser)).status).toBe(200);
  return client;
}

async function storedRow(userId: string) {
  const [row] = await server.database.db
    .select()
    .from(caldavConnections)
    .where(eq(caldavConnections.userId, userId));
  return row;
}

// The object as Radicale stores it, read without Summy.
async function rawObject(url: string, user: string): Promise<string> {
  const auth = Buffer.from(`${user}:${secret(user)}`).toString('base64');
  return (await fetch(url, { headers: { authorization: `Basic ${auth}` } })).text();
}

const titles = (body: { reminders: { title: string }[] }) =>
  body.reminders.map((r) => r.title).sort();

describe('connecting', () => {
  it('answers not connected before, checks the password, stores it encrypted, never answers it', async () => {
    const client = await signUp(server, 'Ada');
    const answers: unknown[] = [];
    const status = await client.get(BASE);
    expect(status.body).toEqual({ connected: false, username: null, containerId: null });

    const wrong = await connect(client, 'alice', radicale.url, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: 'Authentication failed',
      details: 'Please check your credentials and try again',
    });
    expect((await client.get(BASE)).body.connected).toBe(false);

    const missing = await connect(client, 'alice', radicale.url, '');
    expect(missing.status).toBe(400);

    const ok = await connect(client, 'alice');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ sessionToken: null, username: 'alice', containerId: radicale.url });
    answers.push(ok.body);
    const after = await client.get(BASE);
    expect(after.body).toEqual({ connected: true, username: 'alice', containerId: radicale.url });
    answers.push(after.body, (await client.get(`${BASE}/lists`)).body);
    answers.push((await client.get(`${BASE}/reminders`)).body);

    const row = await storedRow(client.userId);
    expect(row?.password).toBeTruthy();
    expect(row!.password).not.toContain(secret('alice'));
    expect(await (await tokenCrypto(server.auth)).decrypt(row!.password)).toBe(secret('alice'));
    expect(JSON.stringify(answers)).not.toContain(secret('alice'));
  });

  it('forgets the connection on DELETE; the other routes then answer 404 not connected', async () => {
    const client = await connected('bob');
    expect((await client.delete(BASE)).status).toBe(204);
    expect((await client.get(BASE)).body).toEqual({
      connected: false,
      username: null,
      containerId: null,
    });
    expect(await storedRow(client.userId)).toBeUndefined();
    for (const res of [
      await client.get(`${BASE}/lists`),
      await client.get(`${BASE}/reminders`),
      await client.patch(`${BASE}/reminders/${encodeURIComponent('todo-milk@summy.test')}`, {
        completed: true,
      }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Apple Reminders is not connected');
    }
  });

  it('refuses a loopback server unless CALDAV_ALLOW_PRIVATE_HOSTS is set', async () => {
    const strict = await startTestServer();
    try {
      const client = await signUp(strict, 'Strict');
      const res = await connect(client, 'alice');
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('CALDAV_ALLOW_PRIVATE_HOSTS');
      // IPv6 forms that carry a loopback or metadata address, and a documentation range.
      for (const url of [
        'https://[::7f00:1]/',
        'https://[::127.0.0.1]/',
        'https://[64:ff9b::7f00:1]/',
        'https://[64:ff9b::a9fe:a9fe]/',
        'https://[2002:7f00:1::1]/',
        'https://192.0.2.1/',
      ]) {
        const refused = await connect(client, 'alice', url);
        expect(refused.status, url).toBe(400);
        expect(refused.body.details, url).toContain('must have a public address');
      }
      expect((await client.get(BASE)).body).toMatchObject({ connected: false });
    } finally {
      await strict.close();
    }
  });
});

describe('lists and reminders', () => {
  it('lists every to-do list, selected until a choice is saved; the choice narrows the reminders', async () => {
    const client = await connected('carol');
    const work = radicale.listUrl('work', 'carol');
    const personal = radicale.listUrl('personal', 'carol');
    const lists = await client.get(`${BASE}/lists`);
    expect(lists.status).toBe(200);
    expect(lists.body).toEqual({
      lists: [
        { id: personal, name: 'Personal', color: '#1badf8', isShared: false },
        { id: work, name: 'Work', color: '#ff2968', isShared: false },
      ],
      selected: [personal, work],
      fallback: false,
    });
    expect(titles((await client.get(`${BASE}/reminders`)).body)).toEqual([
      'Book the venue',
      'Buy milk',
      'Call the dentist',
      'Send the quarterly report',
    ]);

    expect((await client.request('PUT', `${BASE}/lists`, { selected: [] })).status).toBe(400);
    const unknown = await client.request('PUT', `${BASE}/lists`, {
      selected: [`${radicale.url}/alice/work/`],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Unknown reminder list');

    const saved = await client.request('PUT', `${BASE}/lists`, { selected: [work] });
    expect(saved.status).toBe(200);
    expect(saved.body.selected).toEqual([work]);
    expect((await client.get(`${BASE}/lists`)).body.selected).toEqual([work]);
    const reminders = await client.get(`${BASE}/reminders`);
    expect(titles(reminders.body)).toEqual(['Book the venue', 'Send the quarterly report']);
    expect(
      reminders.body.reminders.find((r: { title: string }) => r.title === 'Book the venue'),
    ).toMatchObject({
      id: 'todo-venue@summy.test',
      dueDate: '2026-12-05',
      priority: 5,
      completed: false,
    });
  });

  it('completes, reopens and edits a reminder through PATCH', async () => {
    const client = await connected('dave');
    const id = encodeURIComponent('todo-report@summy.test');
    const done = await client.patch(`${BASE}/reminders/${id}`, { completed: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: 'todo-report@summy.test', completed: true });
    expect(done.body.completedAt).toEqual(expect.any(String));
    expect(titles((await client.get(`${BASE}/reminders`)).body)).not.toContain(
      'Send the quarterly report',
    );

    const reopened = await client.patch(`${BASE}/reminders/${id}`, { completed: false });
    expect(reopened.body).toMatchObject({ completed: false, completedAt: null });

    const edited = await client.patch(`${BASE}/reminders/${id}`, {
      title: '  Send the annual report  ',
      dueDate: '2026-12-31',
      priority: 5,
      listId: radicale.listUrl('personal', 'dave'),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Send the annual report',
      dueDate: '2026-12-31',
      priority: 5,
      list: { name: 'Personal' },
    });
    const stored = await rawObject(edited.body.url, 'dave');
    expect(stored).toMatch(/SUMMARY:Send the annual report/);
    expect(stored).toMatch(/PRIORITY:5/);

    expect((await client.patch(`${BASE}/reminders/${id}`, { title: '   ' })).status).toBe(400);
    expect((await client.patch(`${BASE}/reminders/${id}`, {})).status).toBe(400);
    const missing = await client.patch(`${BASE}/reminders/nope%40summy.test`, { completed: true });
    expect(missing.status).toBe(404);
  });

  it("falls back to one list 'Reminders' when the lists cannot be read", async () => {
    const gone = await startRadicale({ users: [{ username: 'erin', password: secret('erin') }] });
    const client = await signUp(server, 'Erin');
    expect((await connect(client, 'erin', gone.url)).status).toBe(200);
    await gone.stop();

    const lists = await client.get(`${BASE}/lists`);
    expect(lists.status).toBe(200);
    expect(lists.body).toEqual({
      lists: [{ id: 'default', name: 'Reminders', color: null, isShared: false }],
      selected: ['default'],
      fallback: true,
    });
    const saved = await client.request('PUT', `${BASE}/lists`, { selected: ['default'] });
    expect(saved.status).toBe(200);
    expect(saved.body.fallback).toBe(true);
    const reminders = await client.get(`${BASE}/reminders`);
    expect(reminders.status).toBe(502);
    expect(reminders.body.error).toBe('Failed to connect to Apple Reminders');
  });
});

describe('isolation', () => {
  it("B never sees, uses or changes A's reminders connection", async () => {
    const a = await connected('alice');
    const b = await signUp(server, 'Mallory');
    const aRow = await storedRow(a.userId);
    const reportUrl = `${radicale.listUrl('work', 'alice')}todo-report@summy.test.ics`;
    const aObject = await rawObject(reportUrl, 'alice');

    expect((await b.get(BASE)).body).toEqual({
      connected: false,
      username: null,
      containerId: null,
    });
    expect((await b.get(`${BASE}/lists`)).status).toBe(404);
    expect((await b.get(`${BASE}/reminders`)).status).toBe(404);
    const id = encodeURIComponent('todo-report@summy.test');
    expect((await b.patch(`${BASE}/reminders/${id}`, { completed: true })).status).toBe(404);
    expect((await b.request('PUT', `${BASE}/lists`, { selected: ['default'] })).status).toBe(404);
    expect((await b.delete(BASE)).status).toBe(204);

    // Connected as another CalDAV user, B's edits and list choices stay in B's account.
    expect((await connect(b, 'erin')).status).toBe(200);
    const bEdit = await b.patch(`${BASE}/reminders/${id}`, { title: 'B was here' });
    expect(bEdit.status).toBe(200);
    expect(bEdit.body.url).not.toBe(reportUrl);
    const aList = await b.request('PUT', `${BASE}/lists`, {
      selected: [radicale.listUrl('work', 'alice')],
    });
    expect(aList.status).toBe(400);
    const aMove = await b.patch(`${BASE}/reminders/${id}`, {
      listId: radicale.listUrl('work', 'alice'),
    });
    expect(aMove.status).toBe(400);

    expect(await storedRow(a.userId)).toEqual(aRow);
    expect(await rawObject(reportUrl, 'alice')).toBe(aObject);
    expect((await a.get(BASE)).body).toEqual({
      connected: true,
      username: 'alice',
      containerId: radicale.url,
    });
  });
});
