import { describe, expect, it } from 'vitest';
import { ChunkOrder } from './chunk-order.ts';

describe('ChunkOrder', () => {
  it('answers chunks in order; an early chunk waits for the gap before it', () => {
    const order = new ChunkOrder<string>(0, 5_000);
    expect(order.add(0, 'a', 0)).toEqual(['a']);
    expect(order.add(2, 'c', 10)).toEqual([]);
    expect(order.add(3, 'd', 20)).toEqual([]);
    expect(order.add(1, 'b', 30)).toEqual(['b', 'c', 'd']);
    expect(order.next).toBe(4);
    expect(order.skipped).toEqual([]);
  });

  it('ignores a duplicate, whether already answered or still waiting', () => {
    const order = new ChunkOrder<string>();
    expect(order.add(0, 'a', 0)).toEqual(['a']);
    expect(order.add(0, 'a again', 1)).toEqual([]);
    expect(order.add(2, 'c', 2)).toEqual([]);
    expect(order.add(2, 'c again', 3)).toEqual([]);
    expect(order.add(1, 'b', 4)).toEqual(['b', 'c']);
  });

  it('skips a missing chunk once later chunks waited gapWaitMs', () => {
    const order = new ChunkOrder<string>(0, 5_000);
    order.add(0, 'a', 0);
    expect(order.add(2, 'c', 1_000)).toEqual([]);
    expect(order.add(3, 'd', 2_000)).toEqual([]);
    expect(order.release(5_999)).toEqual([]);
    expect(order.release(6_000)).toEqual(['c', 'd']);
    expect(order.skipped).toEqual([1]);
    // The chunk that finally comes is past: ignored.
    expect(order.add(1, 'b', 7_000)).toEqual([]);
  });

  it('gives a later gap its own wait after the first was skipped', () => {
    const order = new ChunkOrder<string>(0, 5_000);
    order.add(1, 'b', 0);
    order.add(3, 'd', 0);
    expect(order.release(5_000)).toEqual(['b']);
    expect(order.release(9_999)).toEqual([]);
    expect(order.release(10_000)).toEqual(['d']);
    expect(order.skipped).toEqual([0, 2]);
  });

  it('drains every waiting chunk in order at the end, skipping the gaps', () => {
    const order = new ChunkOrder<string>(4);
    expect(order.add(3, 'old', 0)).toEqual([]);
    order.add(6, 'g', 0);
    order.add(9, 'j', 0);
    order.add(7, 'h', 0);
    expect(order.drain()).toEqual(['g', 'h', 'j']);
    expect(order.skipped).toEqual([4, 5, 8]);
    expect(order.next).toBe(10);
  });
});
