/**
 * `/api/contacts*` with user isolation, and the contacts.sync job, against the loopback Google
 * fake (the sync's rules are in contacts.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactsSyncEvent } from '@summy/core';
import { fakeGoogleEnv, linkGoogle } from '../../../test/google.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';
import { CONTACTS_SYNC, CONTACTS_SYNC_ALL } from '../../jobs/payloads.ts';
import { enqueueContactsSyncForAll } from '../../services/contacts/enqueue-contacts-sync.ts';
import { syncContacts } from '../../services/contacts/sync-contacts.ts';
import {
  ADA_PERSONAL,
  fake,
  server,
  deps,
  ada,
  grace,
  recorder,
  stored,
  useContactsWorld,
} from '../../../test/contacts-fixture.ts';

useContactsWorld();

describe('/api/contacts', () => {
  // The contacts the routes list: Ada's and Grace's, saved by a sync as contacts.test.ts runs it.
  beforeAll(async () => {
    await syncContacts(deps, ada.userId, { sleep: recorder().sleep });
    await syncContacts(deps, grace.userId, { sleep: recorder().sleep });
  });

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
    // Earlier requests (sign-in, link) already queued one while no worker runs here: that one
    // is the sync that answers this request.
    const queued = await server.jobs.boss.findJobs(CONTACTS_SYNC.name, { queued: true });
    const adas = queued.find((j) => j.singletonKey === ada.userId)!;
    expect(res.body).toEqual({ queued: false, syncId: adas.id });
    const keys = queued.map((j) => j.singletonKey).sort();
    expect(keys).toEqual([ada.userId, grace.userId].sort());
    expect(await enqueueContactsSyncForAll(deps.db, server.jobs)).toBe(0);
    const other = await signUp(server, 'Other');
    const first = (await other.post('/api/contacts/sync')).body;
    expect(first).toEqual({ queued: true, syncId: expect.any(String) });
    expect((await other.post('/api/contacts/sync')).body).toEqual({
      queued: false,
      syncId: first.syncId,
    });
  });
});

describe('the contacts.sync job', () => {
  let worker: RunningServer;
  afterAll(async () => {
    await worker?.close();
  });

  it('runs on connect and every 30 minutes through a durable schedule', async () => {
    worker = await startTestServer(fakeGoogleEnv(fake), { contactsSync: true });
    const schedules = await worker.jobs.boss.getSchedules(CONTACTS_SYNC_ALL.name);
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
    let done: { id: string; state: string }[] = [];
    for (let i = 0; i < 150 && !done.some((j) => j.state === 'completed'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = await worker.jobs.boss.findJobs(CONTACTS_SYNC.name, { key: user.userId });
    }
    const list = await user.get('/api/contacts?limit=200');
    expect(list.body.contacts).toHaveLength(12);
    expect(list.body.contacts.every((c: any) => c.email.endsWith('@example-mail.test'))).toBe(true);
    // A consumer account (no hd claim): friends at its own mail domain are not an organisation.
    expect(list.body.contacts.filter((c: any) => c.isOrganizationContact)).toEqual([]);
    expect(done.map((j) => j.state)).toContain('completed');
    // It said where it was, then what changed: all 12 are new.
    await expect.poll(() => finished().length, { timeout: 30_000 }).toBe(1);
    // Every event names its sync: the job's id.
    const syncId = done.find((j) => j.state === 'completed')!.id;
    expect(new Set(heard.map((e) => e.syncId))).toEqual(new Set([syncId]));
    expect(heard[0]).toEqual({ state: 'running', syncId, phase: 'reading', done: 0, total: 0 });
    expect(heard).toContainEqual({
      state: 'running',
      syncId,
      phase: 'saving',
      done: 12,
      total: 12,
    });
    expect(heard.at(-1)).toEqual({
      syncId,
      state: 'done',
      saved: 12,
      added: 12,
      failed: 0,
      skipped: false,
    });

    // The schedule's job queues a sync per connected user (this one), skipping the others.
    await signUp(worker, 'NoGoogle');
    await worker.jobs.boss.send(CONTACTS_SYNC_ALL.name, {});
    for (let i = 0; i < 150 && done.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = await worker.jobs.boss.findJobs(CONTACTS_SYNC.name);
    }
    expect(done.map((j) => (j as { singletonKey?: string }).singletonKey)).toEqual([
      user.userId,
      user.userId,
    ]);
    // The second run saved the same 12, none of them new. Two jobs exist once the second is
    // queued: its run may still be under way on a loaded machine.
    await expect.poll(() => finished().length, { timeout: 30_000 }).toBe(2);
    expect(finished()[1]).toMatchObject({
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
