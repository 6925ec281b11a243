import { describe, expect, it } from 'vitest';
import { calendarEventFixture } from '@/testing/fixtures';
import { isRecordableEvent, pickUpcomingEvents } from './get-upcoming-events';

const NOW = new Date('2026-11-26T10:00:00Z');

const event = calendarEventFixture;

describe('pickUpcomingEvents (3 within the next 7 days)', () => {
  it('keeps 3 timed events that have not ended, by start', () => {
    const events = [
      event('later', '2026-11-27T09:00:00Z', '2026-11-27T10:00:00Z'),
      event('ended', '2026-11-26T08:00:00Z', '2026-11-26T09:00:00Z'),
      event('running', '2026-11-26T09:30:00Z', '2026-11-26T10:30:00Z'),
      event('holiday', '2026-11-26T00:00:00Z', '2026-11-27T00:00:00Z', {
        isAllDay: true,
        startDate: '2026-11-26',
        endDate: '2026-11-27',
      }),
      event('soon', '2026-11-26T10:04:00Z', '2026-11-26T10:30:00Z'),
      event('last', '2026-11-30T09:00:00Z', '2026-11-30T10:00:00Z'),
    ];
    expect(pickUpcomingEvents(events, NOW).map((e) => e.id)).toEqual(['running', 'soon', 'later']);
  });
});

describe('isRecordableEvent (about to start or running)', () => {
  it('offers Record from 5 minutes before the start until the end', () => {
    expect(
      isRecordableEvent(event('5min', '2026-11-26T10:05:00Z', '2026-11-26T11:00:00Z'), NOW),
    ).toBe(true);
    expect(
      isRecordableEvent(event('6min', '2026-11-26T10:06:00Z', '2026-11-26T11:00:00Z'), NOW),
    ).toBe(false);
    expect(
      isRecordableEvent(event('running', '2026-11-26T09:00:00Z', '2026-11-26T10:01:00Z'), NOW),
    ).toBe(true);
    expect(
      isRecordableEvent(event('ended', '2026-11-26T09:00:00Z', '2026-11-26T10:00:00Z'), NOW),
    ).toBe(false);
  });

  it('never offers it on an all-day event', () => {
    const allDay = event('day', '2026-11-26T00:00:00Z', '2026-11-27T00:00:00Z', { isAllDay: true });
    expect(isRecordableEvent(allDay, NOW)).toBe(false);
  });
});
