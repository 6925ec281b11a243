/**
 * Time-zone arithmetic for the Google fake, on the IANA database Node ships (Intl): Calendar
 * answers carry offsets of the calendar's or the request's `timeZone`, and weekly series keep
 * their wall-clock time across daylight-saving changes, as Google's do.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a zone (month 1-12). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time of `ms` (epoch milliseconds) in `timeZone`. Throws RangeError on an unknown zone. */
export function wallTime(ms: number, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Offset of `timeZone` from UTC at instant `ms`, in milliseconds (Berlin in winter: 3,600,000). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const w = wallTime(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant (epoch ms) at which `timeZone` shows the wall-clock time `w` (month 1-12). */
export function zonedToUtc(w: WallTime, timeZone: string): number {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const first = guess - zoneOffsetMs(guess, timeZone);
  // A second pass settles instants near a daylight-saving change.
  return guess - zoneOffsetMs(first, timeZone);
}

/** True when `timeZone` is a zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** RFC 3339 with the zone's offset, as Calendar writes `dateTime`: `2026-11-23T10:00:00+01:00`. */
export function rfc3339InZone(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  const offsetMin = Math.round(zoneOffsetMs(ms, timeZone) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const offset = offsetMin === 0 ? 'Z' : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${offset}`;
}

/** `YYYY-MM-DD` of the wall-clock date of `ms` in `timeZone`. */
export function dateInZone(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Midnight starting `date` (`YYYY-MM-DD`) in `timeZone`, epoch ms. */
export function startOfDate(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return zonedToUtc({ year, month, day, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** `date` (`YYYY-MM-DD`) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Google's instance-id suffix for a start instant: `20261123T090000Z` (UTC, basic format). */
export function basicUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
