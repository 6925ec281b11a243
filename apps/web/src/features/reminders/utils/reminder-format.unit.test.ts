/**
 * Due dates and priorities as the reminders section shows them, and the edit form's day back to
 * the `dueDate` the server takes (whole days stay whole days; a time of day survives a move).
 */
process.env.TZ = 'Europe/Berlin';

import { describe, expect, it } from 'vitest';
import {
  dueDateInputValue,
  dueDateLabel,
  dueDatePatch,
  parseDueDate,
  priorityLook,
} from './reminder-format';

const now = new Date('2026-11-26T10:30:00'); // Thursday, local (Berlin, UTC+1)

describe('dueDateLabel', () => {
  it('names today, tomorrow and yesterday for whole days, in local time', () => {
    expect(dueDateLabel('2026-11-26', now)).toEqual({ text: 'Today', overdue: false });
    expect(dueDateLabel('2026-11-27', now)).toEqual({ text: 'Tomorrow', overdue: false });
    expect(dueDateLabel('2026-11-25', now)).toEqual({ text: 'Yesterday', overdue: true });
  });

  it('gives weekday and date this year, the year otherwise', () => {
    expect(dueDateLabel('2026-12-05', now)?.text).toBe('Sat, Dec 5');
    expect(dueDateLabel('2027-01-04', now)?.text).toBe('Jan 4, 2027');
  });

  it('adds the local time for a date-time and marks it overdue once passed', () => {
    // 17:00 UTC is 18:00 in Berlin.
    expect(dueDateLabel('2026-12-01T17:00:00Z', now)).toEqual({
      text: 'Tue, Dec 1, 6:00 PM',
      overdue: false,
    });
    expect(dueDateLabel('2026-11-26T08:00:00Z', now)).toEqual({
      text: 'Today, 9:00 AM',
      overdue: true,
    });
  });

  it('shows nothing for no date or garbage', () => {
    expect(dueDateLabel(null, now)).toBeNull();
    expect(dueDateLabel('not a date', now)).toBeNull();
    expect(parseDueDate('2026-13-45T99:00')).toBeNull();
  });
});

describe('dueDateInputValue and dueDatePatch', () => {
  it('reads a whole day as is and a date-time as its local day', () => {
    expect(dueDateInputValue('2026-12-05')).toBe('2026-12-05');
    // 23:30 UTC on the 1st is 00:30 on the 2nd in Berlin.
    expect(dueDateInputValue('2026-12-01T23:30:00Z')).toBe('2026-12-02');
    expect(dueDateInputValue(null)).toBe('');
  });

  it('sends nothing when the day did not change', () => {
    expect(dueDatePatch('2026-12-05', '2026-12-05')).toBeUndefined();
    expect(dueDatePatch('2026-12-02', '2026-12-01T23:30:00Z')).toBeUndefined();
    expect(dueDatePatch('', null)).toBeUndefined();
  });

  it('keeps a whole day whole, clears with an empty field', () => {
    expect(dueDatePatch('2026-12-07', '2026-12-05')).toBe('2026-12-07');
    expect(dueDatePatch('2026-12-07', null)).toBe('2026-12-07');
    expect(dueDatePatch('', '2026-12-05')).toBeNull();
  });

  it('moves a date-time to the new day at the same local time', () => {
    // 18:00 Berlin on Dec 1 becomes 18:00 Berlin on Dec 3 = 17:00 UTC.
    expect(dueDatePatch('2026-12-03', '2026-12-01T17:00:00Z')).toBe('2026-12-03T17:00:00.000Z');
  });
});

describe('priorityLook (Apple scale)', () => {
  it('maps 0 none, 1-3 low, 4-6 medium, 7-8 high, 9 urgent', () => {
    expect(priorityLook(0)).toBeNull();
    expect([1, 2, 3].map((p) => priorityLook(p)?.label)).toEqual(['Low', 'Low', 'Low']);
    expect([4, 5, 6].map((p) => priorityLook(p)?.label)).toEqual(['Medium', 'Medium', 'Medium']);
    expect([7, 8].map((p) => priorityLook(p)?.label)).toEqual(['High', 'High']);
    expect(priorityLook(9)?.label).toBe('Urgent');
  });
});
