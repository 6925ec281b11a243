/** The Linear OAuth state cookie and the per-user request spacing. */
import { describe, expect, it } from 'vitest';
import { LinearRateLimitError } from './errors.ts';
import { checkLinearState, issueLinearState, LINEAR_STATE_TTL_MS } from './oauth-state.ts';
import { LinearThrottle } from './throttle.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const T0 = 1_800_000_000_000;

describe('Linear OAuth state', () => {
  it('is random, and holds for the same user, state and a live cookie', () => {
    const a = issueLinearState(SECRET, 'user-a', '/todos', T0);
    const b = issueLinearState(SECRET, 'user-a', '/todos', T0);
    expect(a.state).not.toBe(b.state);
    expect(a.state).toMatch(/^[\w-]{43}$/);
    expect(checkLinearState(SECRET, a.cookie, a.state, 'user-a', T0 + 1000)).toEqual({
      returnTo: '/todos',
    });
    const bare = issueLinearState(SECRET, 'user-a', undefined, T0);
    expect(checkLinearState(SECRET, bare.cookie, bare.state, 'user-a', T0)).toEqual({
      returnTo: null,
    });
  });

  it("refuses another state, another user, an old cookie, a forged one and another server's", () => {
    const { state, cookie } = issueLinearState(SECRET, 'user-a', '/todos', T0);
    const other = issueLinearState(SECRET, 'user-a', '/todos', T0);
    expect(checkLinearState(SECRET, cookie, other.state, 'user-a', T0)).toBeUndefined();
    expect(checkLinearState(SECRET, cookie, state, 'user-b', T0)).toBeUndefined();
    expect(
      checkLinearState(SECRET, cookie, state, 'user-a', T0 + LINEAR_STATE_TTL_MS + 1),
    ).toBeUndefined();
    expect(checkLinearState(SECRET, undefined, state, 'user-a', T0)).toBeUndefined();
    expect(
      checkLinearState('another-secret-another-secret-0000', cookie, state, 'user-a', T0),
    ).toBeUndefined();
    // A payload rewritten for another user keeps its old signature, which no longer matches.
    const [data, mac] = cookie.split('.');
    const payload = JSON.parse(Buffer.from(data!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, u: 'user-b' })).toString('base64url');
    expect(checkLinearState(SECRET, `${forged}.${mac}`, state, 'user-b', T0)).toBeUndefined();
    expect(checkLinearState(SECRET, `${data}.${mac}.x`, state, 'user-a', T0)).toBeUndefined();
  });
});

describe('LinearThrottle', () => {
  it('spaces one user’s requests by the gap and leaves other users alone', async () => {
    const throttle = new LinearThrottle({ minGapMs: 60 });
    const start = Date.now();
    await Promise.all([throttle.wait('a'), throttle.wait('a'), throttle.wait('a')]);
    // The third request waited for two gaps (a lower bound: never flaky the wrong way).
    expect(Date.now() - start).toBeGreaterThanOrEqual(115);
    const other = Date.now();
    await throttle.wait('b');
    expect(Date.now() - other).toBeLessThan(60);
  });

  it('answers 429 at once when the queue would wait past the limit', async () => {
    const throttle = new LinearThrottle({ minGapMs: 10, maxWaitMs: 25, now: () => T0 });
    const queued = [throttle.wait('a'), throttle.wait('a'), throttle.wait('a')];
    const refused = await throttle.wait('a').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(LinearRateLimitError);
    expect((refused as LinearRateLimitError).message).toBe(
      'Rate limit exceeded. Please try again in 1 seconds.',
    );
    await Promise.all(queued);
  });
});
