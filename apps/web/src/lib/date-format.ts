/**
 * Dates as the meeting list and meeting view show them, in English, through the platform's
 * `Intl.DateTimeFormat` rather than date-fns: date-fns' `format` with its locale was 18 KB of the
 * first visit's JavaScript (bench/web, budget 250 KB). Parts are assembled here so the output does
 * not depend on the ICU version's separators (some put U+202F before 'PM').
 */

type Parts = Record<'weekday' | 'month' | 'day' | 'year' | 'hour' | 'minute' | 'dayPeriod', string>;

const cache = new Map<string, Intl.DateTimeFormat>();

function parts(date: Date, long: boolean): Parts {
  const key = long ? 'long' : 'short';
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      weekday: long ? 'long' : 'short',
      month: long ? 'long' : 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    cache.set(key, f);
  }
  const out = {} as Parts;
  for (const p of f.formatToParts(date)) {
    if (p.type in out || p.type === 'literal') continue;
    (out as Record<string, string>)[p.type] = p.value;
  }
  return out;
}

/** The named layouts, as date-fns patterns would name them. */
export type DateLayout =
  | 'EEEE, MMMM d, yyyy'
  | 'EEE, MMM d, yyyy'
  | 'EEE, MMM d'
  | 'h:mm a'
  | 'MMM d, h:mm a'
  | 'MMM d'
  | 'MMM d, yyyy'
  | 'MMM d, yyyy, h:mm a'
  | 'MMM yyyy';

/** What a date that cannot be shown reads as: a dash. */
export const NO_DATE = '—';

/**
 * Whether `date` is a real date that `Intl.DateTimeFormat` can format (it throws RangeError
 * 'Invalid time value' otherwise, and a stored odd value must not crash a view).
 */
export function isValidDate(date: Date): boolean {
  return Number.isFinite(date.getTime());
}

/**
 * A date in one of the layouts, local time: 'Tuesday, March 4, 2025', 'Tue, Mar 4, 2025', 'Tue, Mar
 * 4', '2:05 PM', 'Mar 4, 2:05 PM', 'Mar 4', 'Mar 4, 2025', 'Mar 4, 2025, 2:05 PM', 'Mar 2025'. An invalid date (from a
 * malformed or out-of-range stored value) gives {@link NO_DATE} rather than throwing.
 */
export function formatDate(date: Date, layout: DateLayout): string {
  if (!isValidDate(date)) return NO_DATE;
  const p = parts(date, layout === 'EEEE, MMMM d, yyyy');
  const time = `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
  switch (layout) {
    case 'EEEE, MMMM d, yyyy':
    case 'EEE, MMM d, yyyy':
      return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
    case 'EEE, MMM d':
      return `${p.weekday}, ${p.month} ${p.day}`;
    case 'h:mm a':
      return time;
    case 'MMM d, h:mm a':
      return `${p.month} ${p.day}, ${time}`;
    case 'MMM d':
      return `${p.month} ${p.day}`;
    case 'MMM d, yyyy':
      return `${p.month} ${p.day}, ${p.year}`;
    case 'MMM d, yyyy, h:mm a':
      return `${p.month} ${p.day}, ${p.year}, ${time}`;
    case 'MMM yyyy':
      return `${p.month} ${p.year}`;
  }
}

/** Whether two dates fall on the same local calendar day. */
export function isSameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** Whether two dates fall in the same local calendar year. */
export function isSameYear(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear();
}
