import { describe, expect, it } from 'vitest';
import { Nap } from './nap.ts';

const timed = async (wait: Promise<void>) => {
  const started = performance.now();
  await wait;
  return performance.now() - started;
};

describe('Nap', () => {
  it('waits its time, ends early when woken, and at once when woken before', async () => {
    const nap = new Nap();
    expect(await timed(nap.wait(60))).toBeGreaterThanOrEqual(55);
    const waiting = timed(nap.wait(5_000));
    setTimeout(() => nap.wake(), 20);
    expect(await waiting).toBeLessThan(1_000);
    nap.wake();
    expect(await timed(nap.wait(5_000))).toBeLessThan(50);
    // One wake ends one wait only.
    expect(await timed(nap.wait(60))).toBeGreaterThanOrEqual(55);
  });

  it('ends when its signal aborts', async () => {
    const nap = new Nap();
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 20);
    expect(await timed(nap.wait(5_000, abort.signal))).toBeLessThan(1_000);
    expect(await timed(nap.wait(5_000, abort.signal))).toBeLessThan(50);
  });
});
