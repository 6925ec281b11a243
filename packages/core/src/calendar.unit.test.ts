import { describe, expect, it } from 'vitest';
import {
  attendeeName,
  CALENDAR_LIMITS,
  isRoomAddress,
  linkCalendarEventSchema,
  rankCalendarSearch,
  scoreCalendarEvent,
  zonedMidnightIso,
} from './calendar.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const ev = (title: string, startTime: string, description?: string, location?: string) => ({
  title,
  startTime,
  description: description ?? null,
  location: location ?? null,
});

describe('scoreCalendarEvent', () => {
  it('counts title 3, description 1, location 1, case-insensitive, on the trimmed query', () => {
    expect(scoreCalendarEvent(ev('Weekly SYNC', ago(20)), '  sync ', NOW)).toBe(3);
    expect(scoreCalendarEvent(ev('x', ago(20), 'a sync'), 'sync', NOW)).toBe(1);
    expect(scoreCalendarEvent(ev('x', ago(20), null as never, 'Sync room'), 'sync', NOW)).toBe(1);
    expect(scoreCalendarEvent(ev('sync', ago(20), 'sync', 'sync'), 'sync', NOW)).toBe(5);
  });

  it('adds 1 for a start within the past 7 days, never for the future, never without a match', () => {
    expect(scoreCalendarEvent(ev('sync', ago(0)), 'sync', NOW)).toBe(4);
    expect(scoreCalendarEvent(ev('sync', ago(7)), 'sync', NOW)).toBe(4);
    expect(scoreCalendarEvent(ev('sync', ago(7.01)), 'sync', NOW)).toBe(3);
    expect(scoreCalendarEvent(ev('sync', ago(-1)), 'sync', NOW)).toBe(3);
    expect(scoreCalendarEvent(ev('other', ago(1)), 'sync', NOW)).toBe(0);
    expect(scoreCalendarEvent(ev('sync', ago(1)), '   ', NOW)).toBe(0);
  });
});

describe('rankCalendarSearch', () => {
  it('drops score 0, orders by score then most recent start, keeps at most 10', () => {
    const events = [
      ev('retro', ago(10), 'sync notes'), // 1
      ev('sync old', ago(20)), // 3
      ev('sync new', ago(12)), // 3, more recent
      ev('sync fresh', ago(1)), // 4
      ev('lunch', ago(1)), // 0
      ev('future', ago(-2), null as never, 'sync hall'), // 1, later start than 'retro'
    ];
    expect(rankCalendarSearch(events, 'sync', NOW).map((e) => e.title)).toEqual([
      'sync fresh',
      'sync new',
      'sync old',
      'future',
      'retro',
    ]);
    const many = Array.from({ length: 15 }, (_, i) => ev(`sync ${i}`, ago(10 + i)));
    const ranked = rankCalendarSearch(many, 'sync', NOW);
    expect(ranked).toHaveLength(CALENDAR_LIMITS.searchResults);
    expect(ranked[0]!.title).toBe('sync 0');
  });
});

describe('attendees and addresses', () => {
  it('falls back to the part of the e-mail before @', () => {
    expect(attendeeName('carol@globex.test', 'Carol Smith')).toBe('Carol Smith');
    expect(attendeeName('carol@globex.test', '  ')).toBe('carol');
    expect(attendeeName('carol@globex.test')).toBe('carol');
  });

  it('knows rooms', () => {
    expect(isRoomAddress('c_1888a4d6e0b1f2e3@resource.calendar.google.com')).toBe(true);
    expect(isRoomAddress('room@RESOURCE.calendar.google.com')).toBe(true);
    expect(isRoomAddress('carol@globex.test')).toBe(false);
  });

  it('takes the linked event payload, bounded and strict', () => {
    const ok = linkCalendarEventSchema.parse({ id: 'e1', title: null });
    expect(ok.attendees).toEqual([]);
    expect(linkCalendarEventSchema.safeParse({ id: 'e1', foo: 1 }).success).toBe(false);
    expect(linkCalendarEventSchema.safeParse({ id: ' ' }).success).toBe(false);
  });
});

describe('zonedMidnightIso', () => {
  it("writes midnight with the zone's offset on that day, across daylight-saving changes", () => {
    expect(zonedMidnightIso('2026-01-15', 'Europe/Berlin')).toBe('2026-01-15T00:00:00+01:00');
    expect(zonedMidnightIso('2026-07-15', 'Europe/Berlin')).toBe('2026-07-15T00:00:00+02:00');
    // Berlin switches at 02:00 on 29 March: midnight is still winter time.
    expect(zonedMidnightIso('2026-03-29', 'Europe/Berlin')).toBe('2026-03-29T00:00:00+01:00');
    expect(zonedMidnightIso('2026-11-26', 'America/New_York')).toBe('2026-11-26T00:00:00-05:00');
    expect(zonedMidnightIso('2026-11-26', 'Asia/Kolkata')).toBe('2026-11-26T00:00:00+05:30');
    expect(zonedMidnightIso('2026-11-26', 'UTC')).toBe('2026-11-26T00:00:00+00:00');
    expect(Date.parse(zonedMidnightIso('2026-11-26', 'Asia/Kolkata'))).toBe(
      Date.parse('2026-11-25T18:30:00Z'),
    );
  });
});
