/**
 * Where the live list stays as rows are added: a reader who scrolled up keeps their place, one at
 * the bottom follows the new text.
 */
import { describe, expect, it } from 'vitest';
import { followNewRows, isAtBottom, type ScrollBox } from './follow-scroll';

/** A list 200 px high showing `scrollTop` of `scrollHeight`. */
const box = (scrollTop: number, scrollHeight: number): ScrollBox => ({
  scrollTop,
  scrollHeight,
  clientHeight: 200,
});

describe('isAtBottom', () => {
  it('is true at the end, a few pixels short of it, or with nothing to scroll', () => {
    expect(isAtBottom(box(800, 1000))).toBe(true);
    expect(isAtBottom(box(790, 1000))).toBe(true);
    expect(isAtBottom(box(0, 120))).toBe(true);
  });

  it('is false once the reader scrolled up', () => {
    expect(isAtBottom(box(700, 1000))).toBe(false);
    expect(isAtBottom(box(0, 1000))).toBe(false);
  });
});

describe('followNewRows', () => {
  it('keeps the scroll position of a reader who is not at the bottom', () => {
    const list = box(300, 1000);
    const wasAtBottom = isAtBottom(list);
    // Two rows added under the text shown.
    const grown = { ...list, scrollHeight: 1080 };
    followNewRows(grown, wasAtBottom);
    expect(grown.scrollTop).toBe(300);
  });

  it('follows the new rows when the reader was at the bottom', () => {
    const list = box(800, 1000);
    const wasAtBottom = isAtBottom(list);
    const grown = { ...list, scrollHeight: 1080 };
    followNewRows(grown, wasAtBottom);
    expect(grown.scrollTop).toBe(880);
    expect(isAtBottom(grown)).toBe(true);
  });
});
