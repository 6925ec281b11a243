import type { CalendarEvent } from '@summy/core';
import { describe, expect, it } from 'vitest';
import { calendarEventFixture } from '@/testing/fixtures';
import { rankEventsAround, suggestionsHeading, suggestionWindows } from './get-events-around';
import { linkPayload } from './link-calendar-event';

function event(id: string, startTime: string, extra: Partial<CalendarEvent> = {}): CalendarEvent {
  return calendarEventFixture(id, startTime, startTime, extra);
}

describe('rankEventsAround', () => {
  it('puts the event starting closest to the meeting first and leaves out all-day events', () => {
    const meeting = new Date('2026-11-23T10:05:00Z');
    const ranked = rankEventsAround(
      [
        event('early', '2026-11-23T07:00:00Z'),
        event('allday', '2026-11-23T00:00:00Z', { isAllDay: true, startDate: '2026-11-23' }),
        event('sync', '2026-11-23T10:00:00Z'),
        event('later', '2026-11-23T11:00:00Z'),
        event('broken', 'not a date'),
      ],
      meeting,
    );
    expect(ranked.map((e) => e.id)).toEqual(['sync', 'later', 'early']);
  });

  it('answers at most 10', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      event(`e${i}`, new Date(Date.UTC(2026, 10, 23, 8, i)).toISOString()),
    );
    expect(rankEventsAround(many, new Date('2026-11-23T08:00:00Z'))).toHaveLength(10);
  });
});

describe('suggestionWindows', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const iso = (w: { timeMin: Date; timeMax: Date }) => [
    w.timeMin.toISOString(),
    w.timeMax.toISOString(),
  ];

  it('reads recent and upcoming events too, so a quiet day still has suggestions', () => {
    const windows = suggestionWindows(new Date('2026-11-27T09:00:00Z'), now);
    expect(windows.map(iso)).toEqual([['2026-10-28T12:00:00.000Z', '2026-12-04T12:00:00.000Z']]);
  });

  it('reads the day around a meeting of long ago apart from the recent weeks', () => {
    const windows = suggestionWindows(new Date('2025-03-08T03:00:00Z'), now);
    expect(windows.map(iso)).toEqual([
      ['2025-03-07T15:00:00.000Z', '2025-03-08T15:00:00.000Z'],
      ['2026-10-28T12:00:00.000Z', '2026-12-04T12:00:00.000Z'],
    ]);
  });
});

describe('suggestionsHeading', () => {
  it('names the list by whether the closest event is near the meeting', () => {
    const meeting = new Date('2026-11-23T10:05:00Z');
    expect(suggestionsHeading([event('sync', '2026-11-23T10:00:00Z')], meeting)).toBe(
      'Around this meeting',
    );
    expect(suggestionsHeading([event('later', '2026-11-25T10:00:00Z')], meeting)).toBe(
      'Recent and upcoming',
    );
  });
});

describe('linkPayload', () => {
  it('carries id, title, attendees with display names, recurring id and account', () => {
    const payload = linkPayload(
      event('inst_1', '2026-11-23T10:00:00Z', {
        title: 'Weekly sync',
        recurringEventId: 'series',
        attendees: [
          { email: 'bob@acme.test', name: 'Bob Smith', photoUrl: null, responseStatus: 'accepted' },
        ],
      }),
    );
    expect(payload).toEqual({
      id: 'inst_1',
      title: 'Weekly sync',
      attendees: [{ email: 'bob@acme.test', displayName: 'Bob Smith' }],
      recurringEventId: 'series',
      accountId: 'acc-1',
    });
  });
});
