import { describe, expect, it } from 'vitest';
import { priorityToStar, starToPriority } from './priority.ts';

describe('to-do priority', () => {
  it.each([
    ['high', true],
    ['urgent', true],
    ['medium', true],
    ['none', false],
    ['low', false],
    [null, false],
    [undefined, false],
  ] as const)('stored %s reads as star %s', (stored, star) => {
    expect(priorityToStar(stored)).toBe(star);
  });

  it('the star toggles between high and none', () => {
    expect(starToPriority(true)).toBe('high');
    expect(starToPriority(false)).toBe('none');
    expect(priorityToStar(starToPriority(true))).toBe(true);
  });
});
