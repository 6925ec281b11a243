/**
 * Saving My notes browser-first: the browser's copy is written before the server is asked, a
 * server that cannot be reached leaves 'Saved on this device' and a retry, and on load a browser
 * copy newer than the server's wins and is sent. The store is a Map and the server an in-memory
 * stand-in that can go offline (the real routes are covered by the e2e spec).
 */
import type { MeetingNotes, NoteBlock } from '@summy/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotesDraft, NotesStore } from './notes-db';
import { NotesSync, pickStart, type NotesServer, type SaveStatus } from './notes-sync';

const block = (id: string, markdown: string): NoteBlock => ({
  id,
  phase: 'during',
  t: 1000,
  markdown,
});

function memoryStore(): NotesStore & { map: Map<string, NotesDraft> } {
  const map = new Map<string, NotesDraft>();
  return {
    map,
    get: (key) => Promise.resolve(map.get(key)),
    put: (draft) => Promise.resolve(void map.set(draft.key, structuredClone(draft))),
    delete: (key) => Promise.resolve(void map.delete(key)),
  };
}

function memoryServer(initial: MeetingNotes | null = null) {
  const state = { online: true, notes: initial, saves: 0 };
  const server: NotesServer = {
    load: () => {
      if (!state.online) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(state.notes ?? { blocks: [], markdown: '', updatedAt: null });
    },
    save: (blocks) => {
      if (!state.online) return Promise.reject(new TypeError('Failed to fetch'));
      state.saves += 1;
      state.notes = { blocks: [...blocks], markdown: '', updatedAt: new Date().toISOString() };
      return Promise.resolve(state.notes);
    },
  };
  return { server, state };
}

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-12-07T10:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('pickStart', () => {
  const server: MeetingNotes = {
    blocks: [block('s', 'server')],
    markdown: 'server',
    updatedAt: '2026-12-07T10:00:00.000Z',
  };
  const local = (editedAt: string, sent: 0 | 1): NotesDraft => ({
    key: 'k',
    blocks: [block('l', 'local')],
    editedAt: Date.parse(editedAt),
    sent,
  });

  it('takes an unsent browser copy newer than the server and sends it', () => {
    expect(pickStart(local('2026-12-07T10:00:05Z', 0), server)).toEqual({
      blocks: [block('l', 'local')],
      send: true,
    });
  });

  it("takes the server's copy when it is newer or the browser's was already sent", () => {
    expect(pickStart(local('2026-12-07T09:59:00Z', 0), server).blocks[0]!.id).toBe('s');
    expect(pickStart(local('2026-12-07T10:05:00Z', 1), server).blocks[0]!.id).toBe('s');
  });

  it("keeps the browser's copy when the server cannot be reached", () => {
    expect(pickStart(local('2026-12-07T09:00:00Z', 0), null)).toEqual({
      blocks: [block('l', 'local')],
      send: true,
    });
  });
});

describe('NotesSync', () => {
  it('saves to the browser, then the server, once typing pauses', async () => {
    const store = memoryStore();
    const { server, state } = memoryServer();
    const statuses: SaveStatus[] = [];
    const sync = new NotesSync({ key: 'k', store, server, onStatus: (s) => statuses.push(s) });
    expect(await sync.load()).toEqual([]);
    sync.edit([block('a', 'one')]);
    sync.edit([block('a', 'one two')]);
    await vi.advanceTimersByTimeAsync(799);
    expect(state.saves).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.saves).toBe(1);
    expect(state.notes?.blocks[0]?.markdown).toBe('one two');
    expect(store.map.get('k')).toMatchObject({ sent: 1, blocks: [block('a', 'one two')] });
    expect(statuses.at(-1)).toBe('saved');
  });

  it("offline: 'Saved on this device', kept in the browser, sent when back", async () => {
    const store = memoryStore();
    const { server, state } = memoryServer();
    const statuses: SaveStatus[] = [];
    const sync = new NotesSync({ key: 'k', store, server, onStatus: (s) => statuses.push(s) });
    await sync.load();
    state.online = false;
    sync.edit([block('a', 'written offline')]);
    await vi.advanceTimersByTimeAsync(800);
    expect(statuses.at(-1)).toBe('local');
    expect(store.map.get('k')).toMatchObject({ sent: 0, blocks: [block('a', 'written offline')] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statuses.at(-1)).toBe('local');
    state.online = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.notes?.blocks).toEqual([block('a', 'written offline')]);
    expect(statuses.at(-1)).toBe('saved');
    expect(store.map.get('k')?.sent).toBe(1);
  });

  it('a save the server refuses is not sent again until the next edit', async () => {
    const store = memoryStore();
    const { server } = memoryServer();
    let saves = 0;
    const refused: unknown[] = [];
    const sync = new NotesSync({
      key: 'k',
      store,
      server: {
        load: server.load,
        save: () => {
          saves += 1;
          return Promise.reject(new RangeError('Notes are limited to 100,000 characters'));
        },
      },
      onStatus: () => {},
      isRefusal: (error) => error instanceof RangeError,
      onRefused: (error) => refused.push(error),
    });
    await sync.load();
    sync.edit([block('a', 'too long')]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toBe(1);
    expect(refused).toHaveLength(1);
    expect(store.map.get('k')).toMatchObject({ sent: 0, blocks: [block('a', 'too long')] });
    sync.edit([block('a', 'shorter')]);
    await vi.advanceTimersByTimeAsync(800);
    expect(saves).toBe(2);
  });

  it('after a reload, an unsent browser copy newer than the server wins and is sent', async () => {
    const store = memoryStore();
    const { server, state } = memoryServer({
      blocks: [block('old', 'old')],
      markdown: 'old',
      updatedAt: '2026-12-07T09:00:00.000Z',
    });
    await store.put({ key: 'k', blocks: [block('new', 'new')], editedAt: Date.now(), sent: 0 });
    const statuses: SaveStatus[] = [];
    const sync = new NotesSync({ key: 'k', store, server, onStatus: (s) => statuses.push(s) });
    expect(await sync.load()).toEqual([block('new', 'new')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.notes?.blocks).toEqual([block('new', 'new')]);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('takes in the notes written before Start, first, and removes the draft', async () => {
    const store = memoryStore();
    const before: NoteBlock = { id: 'b', phase: 'before', t: null, markdown: '# Agenda' };
    await store.put({ key: 'draft', blocks: [before], editedAt: Date.now(), sent: 0 });
    const { server, state } = memoryServer();
    const sync = new NotesSync({ key: 'k', store, server, adopt: 'draft', onStatus: () => {} });
    expect(await sync.load()).toEqual([before]);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.notes?.blocks).toEqual([before]);
    expect(store.map.has('draft')).toBe(false);
  });

  it('a draft with no meeting is only kept in the browser', async () => {
    const store = memoryStore();
    const statuses: SaveStatus[] = [];
    const sync = new NotesSync({
      key: 'draft',
      store,
      server: null,
      onStatus: (s) => statuses.push(s),
    });
    await sync.load();
    sync.edit([block('a', 'agenda')]);
    sync.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.map.get('draft')?.blocks).toEqual([block('a', 'agenda')]);
    expect(statuses.at(-1)).toBe('local');
  });
});

describe('NotesSync taking in the draft twice (the editor remounts at Start)', () => {
  it('a second editor whose server answer comes after the first took the draft in', async () => {
    const store = memoryStore();
    const before: NoteBlock = { id: 'b', phase: 'before', t: null, markdown: '# Agenda' };
    await store.put({ key: 'draft', blocks: [before], editedAt: Date.now(), sent: 0 });
    const { server } = memoryServer();
    let answerSecond: () => void = () => {};
    // Answers what the server had when asked (nothing), once the first editor is done.
    const slow: NotesServer = {
      load: () => {
        const asked = server.load();
        return new Promise((resolve) => (answerSecond = () => void resolve(asked)));
      },
      save: server.save,
    };
    const options = { key: 'k', store, adopt: 'draft', onStatus: () => {} };
    const second = new NotesSync({ ...options, server: slow }).load();
    await vi.advanceTimersByTimeAsync(0);
    expect(await new NotesSync({ ...options, server }).load()).toEqual([before]);
    expect(store.map.has('draft')).toBe(false);
    answerSecond();
    expect(await second).toEqual([before]);
  });
});
