/**
 * Calendar API v3 `events.list` over an in-memory calendar
 * (https://developers.google.com/calendar/api/v3/reference/events/list): range filtering,
 * recurring-series expansion, ordering and text search. Paging and sync tokens are the route's.
 */
import { basicUtc, rfc3339InZone, startOfDate, wallTime, zonedToUtc } from './time.ts';
import type { EventTime, FakeCalendarEvent } from './types.ts';

/** An event as stored: insertion order and the store version of its last change (for sync). */
export interface StoredEvent {
  event: FakeCalendarEvent;
  order: number;
  version: number;
}

/** The filters of one `events.list` call, parsed. */
export interface ListFilter {
  /** Epoch ms; events ending at or before it are left out (Google: exclusive bound on end). */
  fromMs: number;
  /** Epoch ms; events starting at or after it are left out (exclusive bound on start). */
  toMs: number;
  singleEvents: boolean;
  orderBy?: 'startTime' | 'updated';
  q?: string;
  /** Only events changed after this store version (incremental sync). */
  sinceVersion?: number;
}

interface Occurrence {
  stored: StoredEvent;
  startMs: number;
  endMs: number;
  instance?: { originalStart: EventTime };
  /** An unexpanded series already known to have an instance in the range. */
  seriesInRange?: boolean;
}

/** Series without an end are expanded at most this far past the range start (two years). */
const OPEN_SERIES_HORIZON_MS = 2 * 366 * 86_400_000;

function boundMs(t: EventTime, calendarTz: string): number {
  if (t.dateTime) return Date.parse(t.dateTime);
  return startOfDate(t.date!, t.timeZone ?? calendarTz);
}

/** Parses `RRULE:FREQ=WEEKLY[;COUNT=n][;UNTIL=…]`; other rules are not expanded (returned once). */
function weeklyRule(recurrence: string[] | undefined): { count?: number; untilMs?: number } | null {
  const rule = recurrence?.find((line) => line.startsWith('RRULE:'));
  if (!rule) return null;
  const parts = Object.fromEntries(
    rule
      .slice(6)
      .split(';')
      .map((p) => p.split('=') as [string, string]),
  );
  if (parts.FREQ !== 'WEEKLY' || (parts.INTERVAL && parts.INTERVAL !== '1')) return null;
  const until = parts.UNTIL?.match(/^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/);
  return {
    ...(parts.COUNT ? { count: Number(parts.COUNT) } : {}),
    ...(until
      ? {
          untilMs: Date.UTC(
            +until[1]!,
            +until[2]! - 1,
            +until[3]!,
            +(until[4] ?? 23),
            +(until[5] ?? 59),
            +(until[6] ?? 59),
          ),
        }
      : {}),
  };
}

function occurrences(stored: StoredEvent, calendarTz: string, filter: ListFilter): Occurrence[] {
  const { event } = stored;
  const startMs = boundMs(event.start, calendarTz);
  const endMs = boundMs(event.end, calendarTz);
  const rule = weeklyRule(event.recurrence);
  if (!rule) return [{ stored, startMs, endMs }];
  // A series: its instances, stepping the wall-clock time a week at a time in the event's zone
  // so 10:00 stays 10:00 across daylight-saving changes.
  const tz = event.start.timeZone ?? calendarTz;
  const duration = endMs - startMs;
  const first = wallTime(startMs, tz);
  const horizon = Math.min(
    filter.toMs,
    Math.max(filter.fromMs, startMs) + OPEN_SERIES_HORIZON_MS,
    rule.untilMs ?? Infinity,
  );
  const instances: Occurrence[] = [];
  for (let k = 0; rule.count === undefined || k < rule.count; k++) {
    const s = zonedToUtc({ ...first, day: first.day + 7 * k }, tz);
    if (s > horizon || (s === horizon && horizon === filter.toMs)) break;
    const originalStart: EventTime = event.start.date
      ? { date: new Date(s + wallOffset(s, tz)).toISOString().slice(0, 10) }
      : { dateTime: new Date(s).toISOString().replace('.000Z', 'Z'), timeZone: tz };
    instances.push({ stored, startMs: s, endMs: s + duration, instance: { originalStart } });
  }
  if (filter.singleEvents) return instances;
  // Unexpanded, the series shows once, when any instance falls in the range.
  return instances.some((o) => o.endMs > filter.fromMs && o.startMs < filter.toMs)
    ? [{ stored, startMs, endMs, seriesInRange: true }]
    : [];
}

function wallOffset(ms: number, tz: string): number {
  const w = wallTime(ms, tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - ms;
}

function matchesQuery(event: FakeCalendarEvent, q: string): boolean {
  const haystack = [
    event.summary,
    event.description,
    event.location,
    event.organizer?.email,
    event.organizer?.displayName,
    ...(event.attendees ?? []).flatMap((a) => [a.email, a.displayName]),
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
  // Every word must appear somewhere, as Calendar's free-text search does.
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

function renderTime(t: EventTime, ms: number, outTz: string): EventTime {
  if (t.date) return { date: t.date };
  return { dateTime: rfc3339InZone(ms, outTz), ...(t.timeZone ? { timeZone: t.timeZone } : {}) };
}

/**
 * The Events resources of one call, in answer order, before paging.
 * @param calendar the calendar's events; `calendarTz` its zone (all-day bounds are read in it)
 * @param ownerEmail sets `self: true` on the owner's attendee and organizer entries
 * @param outTz zone of the answer's `dateTime` values (the request's `timeZone`, else the calendar's)
 * @param origin the fake's origin, for `htmlLink`
 */
export function listEvents(
  calendar: StoredEvent[],
  calendarTz: string,
  ownerEmail: string,
  filter: ListFilter,
  outTz: string,
  origin: string,
): Record<string, unknown>[] {
  const found = calendar
    .filter((s) => filter.sinceVersion === undefined || s.version > filter.sinceVersion)
    .filter((s) => !filter.q || matchesQuery(s.event, filter.q))
    .flatMap((s) => occurrences(s, calendarTz, filter))
    .filter((o) => o.seriesInRange || (o.endMs > filter.fromMs && o.startMs < filter.toMs));
  const updated = (o: Occurrence) => o.stored.event.updated ?? '';
  found.sort((a, b) =>
    filter.orderBy === 'startTime'
      ? a.startMs - b.startMs || a.stored.order - b.stored.order
      : filter.orderBy === 'updated'
        ? updated(a).localeCompare(updated(b)) || a.stored.order - b.stored.order
        : a.stored.order - b.stored.order || a.startMs - b.startMs,
  );
  return found.map((o) => render(o, ownerEmail, outTz, origin));
}

function render(
  o: Occurrence,
  ownerEmail: string,
  outTz: string,
  origin: string,
): Record<string, unknown> {
  const { event, version } = o.stored;
  const self = (email: string | undefined) => (email === ownerEmail ? { self: true } : {});
  const id = o.instance
    ? `${event.id}_${event.start.date ? o.instance.originalStart.date!.replace(/-/g, '') : basicUtc(o.startMs)}`
    : event.id;
  const start =
    o.instance && event.start.date
      ? { date: o.instance.originalStart.date! }
      : renderTime(event.start, o.startMs, outTz);
  const end =
    o.instance && event.end.date
      ? {
          date: new Date(
            Date.parse(`${o.instance.originalStart.date}T00:00:00Z`) + o.endMs - o.startMs,
          )
            .toISOString()
            .slice(0, 10),
        }
      : renderTime(event.end, o.endMs, outTz);
  const { recurrence, attendees, organizer, ...rest } = event;
  return {
    kind: 'calendar#event',
    etag: `"${3_400_000_000_000_000 + version}"`,
    ...rest,
    id,
    status: event.status ?? 'confirmed',
    htmlLink: `${origin}/calendar/event?eid=${Buffer.from(`${id} ${ownerEmail}`).toString('base64url')}`,
    creator: { email: organizer?.email ?? ownerEmail, ...self(organizer?.email ?? ownerEmail) },
    ...(organizer ? { organizer: { ...organizer, ...self(organizer.email) } } : {}),
    start,
    end,
    ...(o.instance
      ? { recurringEventId: event.id, originalStartTime: o.instance.originalStart }
      : {}),
    ...(recurrence && !o.instance ? { recurrence } : {}),
    iCalUID: `${event.id}@google.com`,
    sequence: 0,
    ...(attendees ? { attendees: attendees.map((a) => ({ ...a, ...self(a.email) })) } : {}),
    reminders: { useDefault: true },
    eventType: 'default',
  };
}
