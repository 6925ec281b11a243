import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupMeetingsByDate } from './date-groups.ts';

// Noon local time, so day arithmetic below never crosses a daylight-saving edge at midnight.
const now = new Date(2026, 10, 21, 12, 0, 0);
const daysAgo = (days: number, hours = 0) =>
  new Date(now.getTime() - days * 86_400_000 - hours * 3_600_000).toISOString();

describe('dateGroupOf', () => {
  it('puts the same local day in Today, including its first minute and later times', () => {
    expect(dateGroupOf(new Date(2026, 10, 21, 0, 0, 0), now)).toBe('Today');
    expect(dateGroupOf(new Date(2026, 10, 21, 23, 0, 0), now)).toBe('Today');
  });

  it('puts yesterday to 7 days ago in Last week, then up to 30 days in Previous 30 days', () => {
    expect(dateGroupOf(new Date(2026, 10, 20, 23, 59), now)).toBe('Last week');
    expect(dateGroupOf(daysAgo(7), now)).toBe('Last week');
    expect(dateGroupOf(daysAgo(7, 1), now)).toBe('Previous 30 days');
    expect(dateGroupOf(daysAgo(30), now)).toBe('Previous 30 days');
    expect(dateGroupOf(daysAgo(30, 1), now)).toBe('Past');
  });

  it('sends an unreadable date to Past', () => {
    expect(dateGroupOf('not a date', now)).toBe('Past');
  });
});

describe('groupMeetingsByDate', () => {
  it('groups in display order, keeps order inside groups, drops empty groups and recordings', () => {
    const meetings = [
      { id: 'rec', date: daysAgo(0), isRecording: true },
      { id: 'a', date: daysAgo(0) },
      { id: 'b', date: daysAgo(0, 1) },
      { id: 'c', date: daysAgo(45) },
      { id: 'd', date: daysAgo(2) },
    ];
    expect(
      groupMeetingsByDate(meetings, now).map((g) => [g.group, g.items.map((m) => m.id)]),
    ).toEqual([
      ['Today', ['a', 'b']],
      ['Last week', ['d']],
      ['Past', ['c']],
    ]);
  });

  it('gives no groups for no meetings or only recordings', () => {
    expect(groupMeetingsByDate([], now)).toEqual([]);
    expect(groupMeetingsByDate([{ date: daysAgo(0), isRecording: true }], now)).toEqual([]);
  });
});
