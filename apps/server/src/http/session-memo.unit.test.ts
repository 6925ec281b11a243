import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionMemo, SESSION_MEMO_MAX_MS } from './session-memo.ts';

const alice = { userId: 'u1', userEmail: 'alice@example.com', answer: '{}' };

afterEach(() => vi.useRealTimers());

describe('the session memo', () => {
  it('is off when every request must be checked (SESSION_CACHE_SECONDS=0)', () => {
    expect(createSessionMemo(0)).toBeUndefined();
  });

  it('remembers for at most 5 s, and no longer than the session cache', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const long = createSessionMemo(60)!;
    const short = createSessionMemo(2)!;
    long.set('cookie-a', alice);
    short.set('cookie-a', alice);
    vi.advanceTimersByTime(1999);
    expect(short.get('cookie-a')).toMatchObject(alice);
    vi.advanceTimersByTime(2);
    expect(short.get('cookie-a')).toBeUndefined();
    expect(long.get('cookie-a')).toMatchObject(alice);
    vi.advanceTimersByTime(SESSION_MEMO_MAX_MS - 2000);
    expect(long.get('cookie-a')).toBeUndefined();
  });

  it('forgets on sign-out and drops the oldest past its size; other credentials are strangers', () => {
    const memo = createSessionMemo(60, 2)!;
    memo.set('a', alice);
    memo.set('b', { userId: 'u2', userEmail: 'bob@example.com', answer: '{}' });
    expect(memo.get('a\n')).toBeUndefined();
    memo.forget('b');
    expect(memo.get('b')).toBeUndefined();
    memo.set('c', alice);
    memo.set('d', alice);
    expect(memo.get('a')).toBeUndefined();
    expect(memo.get('c')).toMatchObject(alice);
  });

  it('shares one check between simultaneous requests with the same credentials, and only those', async () => {
    const memo = createSessionMemo(60)!;
    let checks = 0;
    const check = async () => {
      checks += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return checks;
    };
    const together = await Promise.all([
      memo.shared('a', check),
      memo.shared('a', check),
      memo.shared('b', check),
    ]);
    expect(checks).toBe(2);
    expect(together[0]).toBe(together[1]);
    // Once settled, the next check runs anew; a failure reaches every waiter and is not kept.
    await memo.shared('a', check);
    expect(checks).toBe(3);
    const failing = () => Promise.reject(new Error('database down'));
    await expect(Promise.all([memo.shared('a', failing), memo.shared('a', check)])).rejects.toThrow(
      'database down',
    );
    expect(await memo.shared('a', check)).toBe(4);
  });
});
