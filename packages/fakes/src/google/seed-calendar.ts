/** The Google fake's seeded calendar helpers: event ids and grace@globex.test's bulk calendar. */
import { createHash } from 'node:crypto';
import { addDays, dateInZone, startOfDate, wallTime, zonedToUtc } from './time.ts';
import type { FakeCalendarEvent, FakeGoogleAccount } from './types.ts';

/** Number of events on grace@globex.test's calendar (30 a day over 90 days). */
export const BULK_EVENT_COUNT = 2_700;

/** Calendar-style event id (base32hex, as Google's): stable for a given name. */
export function eventId(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  return BigInt(`0x${hex}`).toString(32).slice(0, 26);
}

/** 30 events a day, every 20 minutes from 07:00 local, from 60 days before today to 30 after. */
export function bulkEvents(today: Date, owner: FakeGoogleAccount): FakeCalendarEvent[] {
  const first = addDays(dateInZone(today.getTime(), owner.timeZone), -60);
  const events: FakeCalendarEvent[] = [];
  for (let d = 0; d < 90; d++) {
    const startMs = startOfDate(addDays(first, d), owner.timeZone);
    const { year, month, day } = wallTime(startMs, owner.timeZone);
    for (let i = 0; i < BULK_EVENT_COUNT / 90; i++) {
      const minutes = 7 * 60 + i * 20;
      const s = zonedToUtc(
        { year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0 },
        owner.timeZone,
      );
      const n = d * 30 + i;
      events.push({
        id: eventId(`bulk:${first}:${n}`),
        summary: `Ticket triage ${n}`,
        ...(n % 10 === 0 ? { location: 'Room 42' } : {}),
        start: {
          dateTime: new Date(s).toISOString().replace('.000Z', 'Z'),
          timeZone: owner.timeZone,
        },
        end: {
          dateTime: new Date(s + 15 * 60_000).toISOString().replace('.000Z', 'Z'),
          timeZone: owner.timeZone,
        },
        organizer: { email: owner.email, displayName: owner.name },
      });
    }
  }
  return events;
}
