import { describe, expect, it } from 'vitest';
import { eventTimeLabel } from './event-time';

const local = (...parts: [number, number, number, number, number]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4]).toISOString();

describe('eventTimeLabel', () => {
  it('names a timed event by day, start and end', () => {
    const label = eventTimeLabel({
      startTime: local(2026, 11, 24, 10, 0),
      endTime: local(2026, 11, 24, 10, 30),
      isAllDay: false,
      startDate: null,
      endDate: null,
    });
    expect(label).toBe('Tue, Nov 24 · 10:00 AM – 10:30 AM');
  });

  it("names the end's day when the event runs past midnight", () => {
    const label = eventTimeLabel({
      startTime: local(2026, 11, 24, 23, 0),
      endTime: local(2026, 11, 25, 1, 0),
      isAllDay: false,
      startDate: null,
      endDate: null,
    });
    expect(label).toBe('Tue, Nov 24 · 11:00 PM – Nov 25, 1:00 AM');
  });

  it('reads the exclusive end of all-day events', () => {
    const base = { startTime: '', endTime: '', isAllDay: true };
    expect(eventTimeLabel({ ...base, startDate: '2026-11-24', endDate: '2026-11-25' })).toBe(
      'Tue, Nov 24 · All day',
    );
    expect(eventTimeLabel({ ...base, startDate: '2026-11-24', endDate: '2026-11-27' })).toBe(
      'Tue, Nov 24 – Thu, Nov 26 · All day',
    );
  });
});
