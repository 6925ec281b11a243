/** Dates of Past chats and the @ picker. */
import { describe, expect, it } from 'vitest';
import { shortDate } from './short-date';

describe('shortDate', () => {
  const now = new Date(2025, 2, 4, 18, 0);

  it('shows the time today, the day this year, and the year before', () => {
    expect(shortDate(new Date(2025, 2, 4, 15, 4).toISOString(), now)).toBe('3:04 PM');
    expect(shortDate(new Date(2025, 2, 4, 15, 4).toISOString(), now, false)).toBe('Mar 4');
    expect(shortDate(new Date(2025, 0, 28, 9).toISOString(), now)).toBe('Jan 28');
    expect(shortDate(new Date(2024, 11, 31, 9).toISOString(), now)).toBe('Dec 31, 2024');
    expect(shortDate('not a date', now)).toBe('');
  });
});
