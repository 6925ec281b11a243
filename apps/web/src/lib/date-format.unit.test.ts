import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate, isSameDay, isSameYear, NO_DATE, type DateLayout } from './date-format';

const LAYOUTS: DateLayout[] = [
  'EEEE, MMMM d, yyyy',
  'EEE, MMM d, yyyy',
  'h:mm a',
  'MMM d, h:mm a',
  'MMM d',
  'MMM d, yyyy',
  'MMM d, yyyy, h:mm a',
  'MMM yyyy',
];

describe('formatDate', () => {
  it('writes what date-fns wrote before it, at every hour of a year of days', () => {
    const start = new Date(2025, 0, 1, 0, 7).getTime();
    for (let i = 0; i < 400; i++) {
      // Every day of a year and then some, at a different hour and minute each time.
      const date = new Date(start + i * (24 * 3600 + 3 * 3600 + 13 * 60) * 1000);
      for (const layout of LAYOUTS) expect(formatDate(date, layout)).toBe(format(date, layout));
    }
  });

  it('compares days and years in local time', () => {
    expect(isSameDay(new Date(2026, 10, 21, 0, 1), new Date(2026, 10, 21, 23, 59))).toBe(true);
    expect(isSameDay(new Date(2026, 10, 21, 23, 59), new Date(2026, 10, 22, 0, 0))).toBe(false);
    expect(isSameYear(new Date(2026, 0, 1), new Date(2026, 11, 31))).toBe(true);
    expect(isSameYear(new Date(2025, 11, 31), new Date(2026, 0, 1))).toBe(false);
  });
});

describe('formatDate on odd stored values', () => {
  it.each([
    ['an unparsable string', new Date('not a date')],
    ['NaN', new Date(Number.NaN)],
    ['past the largest date', new Date(8.64e15 + 1)],
  ])('shows a dash for %s instead of throwing', (_what, date) => {
    for (const layout of LAYOUTS) expect(formatDate(date, layout)).toBe(NO_DATE);
  });

  it('still formats the year 1 and the year 275000 (valid, if odd)', () => {
    expect(formatDate(new Date('0001-01-01T12:00:00Z'), 'MMM d, yyyy')).toMatch(/^Jan 1, 1$/);
    expect(formatDate(new Date(8.64e15), 'MMM yyyy')).toMatch(/^Sep 275760$/);
  });
});
