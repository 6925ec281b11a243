/**
 * Linear values as the panel shows them: priority badges (1 urgent, 2 high, 3 medium, 4 low, else
 * none), timeless due dates, and the last-updated line.
 */
import { describe, expect, it } from 'vitest';
import {
  formatDueDate,
  formatLastUpdated,
  isOverdue,
  linearPriorityBadge,
  parseTimelessDate,
} from './linear-format';

describe('linearPriorityBadge', () => {
  it('maps 1-4 to Urgent, High, Medium, Low', () => {
    expect([1, 2, 3, 4].map((p) => linearPriorityBadge(p)?.label)).toEqual([
      'Urgent',
      'High',
      'Medium',
      'Low',
    ]);
  });

  it('shows no badge for none (0) or anything unknown', () => {
    for (const p of [0, 5, -1, null, undefined]) expect(linearPriorityBadge(p)).toBeNull();
  });
});

describe('due dates', () => {
  const now = new Date(2026, 10, 26, 15, 30);

  it("reads Linear's 'YYYY-MM-DD' as a local date", () => {
    const date = parseTimelessDate('2026-12-03');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2026, 11, 3]);
    expect(parseTimelessDate('2026-12-03T10:00:00Z')).toBeNull();
    expect(parseTimelessDate(null)).toBeNull();
  });

  it('names the year only when it is not this one', () => {
    expect(formatDueDate('2026-12-03', now)).toBe('Due Dec 3');
    expect(formatDueDate('2027-01-15', now)).toBe('Due Jan 15, 2027');
    expect(formatDueDate(null, now)).toBeNull();
  });

  it('is overdue from the day after, not on the day itself', () => {
    expect(isOverdue('2026-11-25', now)).toBe(true);
    expect(isOverdue('2026-11-26', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });
});

describe('formatLastUpdated', () => {
  const now = new Date(2026, 10, 26, 15, 30);

  it('shows the time today and the date before', () => {
    expect(formatLastUpdated(new Date(2026, 10, 26, 14, 5).getTime(), now)).toBe('Updated 2:05 PM');
    expect(formatLastUpdated(new Date(2026, 10, 25, 9, 0).getTime(), now)).toBe(
      'Updated Nov 25, 9:00 AM',
    );
  });

  it('shows nothing before the first fetch', () => {
    expect(formatLastUpdated(0, now)).toBeNull();
  });
});
