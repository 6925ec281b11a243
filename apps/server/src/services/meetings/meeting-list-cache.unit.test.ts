import { describe, expect, it } from 'vitest';
import { createMeetingListCache } from './meeting-list-cache.ts';

const meetingChange = { table: 'meetings', op: 'UPDATE', id: 'm1' } as const;
/** A kept answer's bytes as text. */
const text = (body: Buffer | undefined) => body?.toString('utf8');

describe('the meeting list cache', () => {
  it('keeps a page until a change to one of the user’s meetings, and only theirs', () => {
    const cache = createMeetingListCache();
    cache.set(cache.version('alice'), 'p1', '{"items":[1]}');
    cache.set(cache.version('bob'), 'p1', '{"items":[2]}');
    expect(text(cache.get('alice', 'p1'))).toBe('{"items":[1]}');
    // A to-do change leaves the list as it is.
    cache.change('alice', { table: 'todos', op: 'INSERT', id: 't1', meeting_id: 'm1' });
    expect(text(cache.get('alice', 'p1'))).toBe('{"items":[1]}');
    cache.change('alice', meetingChange);
    expect(cache.get('alice', 'p1')).toBeUndefined();
    expect(text(cache.get('bob', 'p1'))).toBe('{"items":[2]}');
    cache.invalidate('bob');
    expect(cache.get('bob', 'p1')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('does not keep an answer computed while a change arrived', () => {
    const cache = createMeetingListCache();
    const before = cache.version('alice');
    cache.change('alice', meetingChange);
    cache.set(before, 'p1', 'stale');
    expect(cache.get('alice', 'p1')).toBeUndefined();
    const afterResync = cache.version('alice');
    cache.resync();
    cache.set(afterResync, 'p1', 'stale too');
    expect(cache.get('alice', 'p1')).toBeUndefined();
    cache.set(cache.version('alice'), 'p1', 'fresh');
    expect(text(cache.get('alice', 'p1'))).toBe('fresh');
  });

  it('forgets everything on resync, the least recently read users first when full, and large pages never', () => {
    const cache = createMeetingListCache({ maxPages: 2, maxPageBytes: 10 });
    cache.set(cache.version('a'), 'p', 'a');
    cache.set(cache.version('b'), 'p', 'b');
    expect(text(cache.get('a', 'p'))).toBe('a');
    // An answer under way for c when the cache evicts must not be kept after the eviction.
    const pending = cache.version('d');
    cache.set(cache.version('c'), 'p', 'c');
    expect(cache.get('b', 'p')).toBeUndefined();
    expect([cache.get('a', 'p'), cache.get('c', 'p')].map(text)).toEqual(['a', 'c']);
    cache.set(pending, 'p', 'd');
    expect(cache.get('d', 'p')).toBeUndefined();
    cache.set(cache.version('a'), 'big', 'x'.repeat(11));
    expect(cache.get('a', 'big')).toBeUndefined();
    cache.resync();
    expect(cache.size()).toBe(0);
    expect(cache.get('a', 'p')).toBeUndefined();
  });

  it('shares one computation between requests that miss together, not across a change', async () => {
    const cache = createMeetingListCache();
    let computed = 0;
    let release!: () => void;
    const compute = () =>
      new Promise<string>((resolve) => {
        const n = (computed += 1);
        release = () => resolve(`answer ${n}`);
      });
    const first = cache.load('alice', 'p', compute);
    const second = cache.load('alice', 'p', compute);
    release();
    expect((await Promise.all([first, second])).map(text)).toEqual(['answer 1', 'answer 1']);
    expect(text(await cache.load('alice', 'p', compute))).toBe('answer 1');
    expect(computed).toBe(1);

    cache.change('alice', meetingChange);
    const before = cache.load('alice', 'p', compute);
    const releaseBefore = release;
    cache.change('alice', meetingChange);
    const after = cache.load('alice', 'p', compute);
    releaseBefore();
    release();
    expect((await Promise.all([before, after])).map(text)).toEqual(['answer 2', 'answer 3']);
    expect(text(cache.get('alice', 'p'))).toBe('answer 3');
    await expect(cache.load('bob', 'p', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(text(await cache.load('bob', 'p', async () => 'up'))).toBe('up');
  });

  it('with its tables and time, also drops on a to-do change and after maxAgeMs', async () => {
    const cache = createMeetingListCache({ tables: ['meetings', 'todos'], maxAgeMs: 40 });
    cache.set(cache.version('alice'), 'meeting:m1', 'one');
    cache.change('alice', { table: 'todos', op: 'INSERT', id: 't1', meeting_id: 'm1' });
    expect(cache.get('alice', 'meeting:m1')).toBeUndefined();
    cache.change('alice', { table: 'chats', op: 'INSERT', id: 'c1' });
    await cache.load('alice', 'meeting:m1', async () => 'two');
    expect(text(cache.get('alice', 'meeting:m1'))).toBe('two');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('alice', 'meeting:m1')).toBeUndefined();
    expect(cache.size()).toBe(0);
    // The age counts from when the computation started: a slow one is kept for less.
    await cache.load('alice', 'meeting:m1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return 'slow';
    });
    expect(cache.get('alice', 'meeting:m1')).toBeUndefined();
  });

  it('keeps each answer as its UTF-8 bytes, encoded once: every hit sends the same Buffer', async () => {
    const cache = createMeetingListCache({ maxPageBytes: 13 });
    const loaded = await cache.load('alice', 'p', async () => '{"t":"Café"}');
    expect(Buffer.isBuffer(loaded)).toBe(true);
    expect(loaded.toString('utf8')).toBe('{"t":"Café"}');
    expect(cache.get('alice', 'p')).toBe(loaded);
    expect(cache.get('alice', 'p')).toBe(cache.get('alice', 'p'));
    // The size limit counts bytes: 13 characters, two of them of two bytes, are 15.
    cache.set(cache.version('bob'), 'p', '{"t":"Cafèé"}');
    expect(cache.get('bob', 'p')).toBeUndefined();
  });
});
