import { describe, expect, it } from 'vitest';
import { LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS, listenRetryDelayMs } from './client.ts';

describe('listenRetryDelayMs (LISTEN reconnection back-off)', () => {
  it('doubles from 100 ms up to 10 s, jittered between half and all of it', () => {
    const top = (attempt: number) => listenRetryDelayMs(attempt, () => 0.999999);
    const bottom = (attempt: number) => listenRetryDelayMs(attempt, () => 0);
    expect([0, 1, 2, 3].map(top)).toEqual([100, 200, 400, 800]);
    expect([0, 1, 2, 3].map(bottom)).toEqual([50, 100, 200, 400]);
    expect(top(7)).toBe(LISTEN_RETRY_MAX_MS);
    expect(top(1000)).toBe(LISTEN_RETRY_MAX_MS);
    expect(bottom(1000)).toBe(LISTEN_RETRY_MAX_MS / 2);
    expect(LISTEN_RETRY_MIN_MS).toBe(100);
  });
});
