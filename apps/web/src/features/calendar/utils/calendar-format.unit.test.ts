// Node re-reads TZ when it is assigned: dates below are Berlin's whatever the machine's zone.
process.env.TZ = 'Europe/Berlin';

import { describe, expect, it } from 'vitest';
import {
  compactTimeRange,
  descriptionText,
  eventWhen,
  hourLabel,
  timeRange,
  weekTitle,
} from './calendar-format';

const local = (s: string) => new Date(s);

describe('weekTitle', () => {
  it('names one month, two months, or two years', () => {
    expect(weekTitle(local('2026-11-15T00:00:00'))).toBe('November 2026');
    expect(weekTitle(local('2026-11-29T00:00:00'))).toBe('Nov – Dec 2026');
    expect(weekTitle(local('2026-12-27T00:00:00'))).toBe('Dec 2026 – Jan 2027');
  });
});

describe('hourLabel', () => {
  it('writes 12-hour labels', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual([
      '12 AM',
      '1 AM',
      '11 AM',
      '12 PM',
      '1 PM',
      '11 PM',
    ]);
  });
});

describe('eventWhen', () => {
  const timed = {
    isAllDay: false,
    startTime: local('2026-11-24T09:30:00').toISOString(),
    endTime: local('2026-11-24T11:00:00').toISOString(),
    startDate: null,
    endDate: null,
  };

  it('writes a timed event with its day and range', () => {
    expect(timeRange(timed.startTime, timed.endTime)).toBe('9:30 AM – 11:00 AM');
    expect(eventWhen(timed)).toBe('Tuesday, November 24, 2026, 9:30 AM – 11:00 AM');
  });

  it('reads the exclusive end date of all-day events', () => {
    const allDay = { ...timed, isAllDay: true, startDate: '2026-11-24', endDate: '2026-11-25' };
    expect(eventWhen(allDay)).toBe('Tuesday, November 24, 2026 (all day)');
    expect(eventWhen({ ...allDay, endDate: '2026-11-27' })).toBe(
      'Tue, Nov 24, 2026 – Thu, Nov 26, 2026 (all day)',
    );
  });

  it('writes both dates of an event over midnight', () => {
    expect(eventWhen({ ...timed, endTime: local('2026-11-25T01:00:00').toISOString() })).toBe(
      'Nov 24, 9:30 AM – Nov 25, 1:00 AM',
    );
  });
});

describe('descriptionText', () => {
  it('keeps plain text as it is', () => {
    expect(descriptionText('Status round, blockers, next steps.')).toBe(
      'Status round, blockers, next steps.',
    );
  });
});

describe('compactTimeRange', () => {
  const t = (s: string) => new Date(s).toISOString();
  it('writes the period once when both ends share it, and drops :00', () => {
    expect(compactTimeRange(t('2026-11-24T09:00:00'), t('2026-11-24T11:00:00'))).toBe('9 – 11 AM');
    expect(compactTimeRange(t('2026-11-24T09:30:00'), t('2026-11-24T10:15:00'))).toBe(
      '9:30 – 10:15 AM',
    );
    expect(compactTimeRange(t('2026-11-24T11:30:00'), t('2026-11-24T12:30:00'))).toBe(
      '11:30 AM – 12:30 PM',
    );
    expect(compactTimeRange(t('2026-11-24T00:00:00'), t('2026-11-24T13:00:00'))).toBe(
      '12 AM – 1 PM',
    );
  });
});
