/**
 * The week calendar's geometry as pure functions. Dates are read in the runtime's local time zone,
 * which in the browser is the person's: the grid shows wall clock hours, so an event at 09:00 sits
 * on the 09:00 row on a daylight-saving day too. No I/O.
 */

/** Calendar layout and polling constants. */
export const CALENDAR_LAYOUT = {
  /** Height of one hour row, px. */
  hourHeight: 80,
  /** Hour rows in a day. */
  hours: 24,
  /** Width of the time gutter left of the day columns, px. */
  gutter: 64,
  /** Smallest drawn event, px (equals 15 minutes at 80 px an hour). */
  minEventHeight: 20,
  /** Shorter events are drawn as if they lasted this long, minutes. */
  minDurationMin: 15,
  /** The time range is written in an event only when it lasts longer than this, minutes. */
  timeRangeOverMin: 30,
  /** Week change fade/slide, ms. */
  transitionMs: 300,
  /** The visible week is fetched again this often, ms (2 minutes). */
  pollMs: 120_000,
  /** A week's events count as stale after this, and stale prefetched weeks are refreshed this often, ms (5 minutes). */
  staleMs: 300_000,
  /** Weeks prefetched on each side of the visible one. */
  prefetchWeeks: 2,
} as const;

/**
 * The window event that announces a newly connected Google Calendar (the week is fetched again on
 * it). Dispatched after a Google account is linked.
 */
export const CALENDAR_CONNECTED_EVENT = 'google-calendar-connected';

const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 24 * 60;
const PX_PER_MINUTE = CALENDAR_LAYOUT.hourHeight / 60;

/** Local midnight at the start of `date`'s day. */
export function startOfLocalDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/**
 * `date` moved by `days` calendar days at the same local wall-clock time (a daylight-saving day
 * is 23 or 25 hours long, so this is not `days * 24 h`).
 */
export function addLocalDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** The first day of `date`'s week at local midnight: weeks start on Sunday. */
export function weekStartOf(date: Date): Date {
  const day = startOfLocalDay(date);
  return addLocalDays(day, -day.getDay());
}

/** The local calendar day of `date` as 'YYYY-MM-DD'. */
export function localDateKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Days from the calendar day `from` to the calendar day `to`, both 'YYYY-MM-DD'. */
function daysBetweenKeys(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The ISO 8601 week number (1-53) of `date`'s local calendar day: weeks start on Monday and week 1
 * holds the year's first Thursday, so 1 January can be in week 52 or 53 and 31 December in week 1.
 */
export function isoWeekNumber(date: Date): number {
  const day = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  const mondayBased = (new Date(day).getUTCDay() + 6) % 7;
  // The Thursday of the same ISO week decides the week's year.
  const thursday = new Date(day + (3 - mondayBased) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return 1 + Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7);
}

/**
 * The 'Week {n}' of a Sunday-first week: the ISO week of its Monday. A Sunday belongs to the ISO
 * week before it, so reading the Sunday would name the week that six of the seven shown days are
 * not in.
 */
export function weekNumberOfWeek(weekStart: Date): number {
  return isoWeekNumber(addLocalDays(weekStartOf(weekStart), 1));
}

/**
 * The collapsed all-day row's per-day count, '{n} event(s)': the '(s)' is read as a plural, so one
 * event reads '1 event' and three read '3 events'.
 */
export function allDayCountLabel(n: number): string {
  return `${n} event${n === 1 ? '' : 's'}`;
}

/** What {@link layoutDay} needs of a timed event; times are ISO 8601 with offset. */
export interface TimedEventInput {
  id: string;
  startTime: string;
  endTime: string;
  isAllDay?: boolean;
}

/** Where one timed event is drawn in its day column. */
export interface DayEventBox<T extends TimedEventInput = TimedEventInput> {
  id: string;
  event: T;
  /** px from the top of the day (00:00). */
  top: number;
  /** px, at least {@link CALENDAR_LAYOUT}.minEventHeight. */
  height: number;
  /** 0-based column among the events it overlaps. */
  column: number;
  /** Columns of its overlap group. */
  columns: number;
  /** Left edge, % of the day column's width. */
  leftPct: number;
  /** Width, % of the day column's width: it widens into columns to its right that are free. */
  widthPct: number;
  /** True when the event lasts longer than 30 minutes. */
  showTimeRange: boolean;
  /** Began on an earlier day (drawn from 00:00). */
  startsBefore: boolean;
  /** Ends on a later day (drawn to 24:00). */
  endsAfter: boolean;
}

/** Minutes after local midnight on the wall clock. */
function wallMinutes(date: Date): number {
  return date.getHours() * 60 + date.getMinutes() + date.getSeconds() / 60;
}

interface Placed<T extends TimedEventInput> {
  box: DayEventBox<T>;
  /** Drawn extent in minutes of the day, for overlap tests. */
  from: number;
  to: number;
}

const overlapsPlaced = <T extends TimedEventInput>(a: Placed<T>, b: Placed<T>) =>
  a.from < b.to && b.from < a.to;

/**
 * Gives a cluster of transitively overlapping events (in start order) their columns: each takes
 * the first column free at its start and widens over the columns to its right that nothing it
 * overlaps occupies.
 */
function layoutCluster<T extends TimedEventInput>(cluster: Placed<T>[]): void {
  const columnEnds: number[] = [];
  const byColumn: Placed<T>[][] = [];
  for (const item of cluster) {
    let column = columnEnds.findIndex((end) => end <= item.from);
    if (column === -1) {
      column = columnEnds.length;
      columnEnds.push(item.to);
      byColumn.push([item]);
    } else {
      columnEnds[column] = item.to;
      byColumn[column]!.push(item);
    }
    item.box.column = column;
  }
  const columns = columnEnds.length;
  for (const item of cluster) {
    let span = 1;
    for (let c = item.box.column + 1; c < columns; c++) {
      if (byColumn[c]!.some((other) => overlapsPlaced(item, other))) break;
      span++;
    }
    item.box.columns = columns;
    item.box.leftPct = (item.box.column / columns) * 100;
    item.box.widthPct = (span / columns) * 100;
  }
}

/**
 * Lays out the timed events of one local day (`day` is any instant of that day): each event is
 * clipped to the day, placed at 80 px an hour, drawn at least 20 px (15 minutes) tall, and events
 * whose drawn boxes overlap share the width side by side; an event widens into columns to its
 * right that nothing it overlaps occupies. All-day events and events outside the day are left out.
 * Ordered by start, longer first.
 */
export function layoutDay<T extends TimedEventInput>(
  events: readonly T[],
  day: Date,
): DayEventBox<T>[] {
  const dayStart = startOfLocalDay(day);
  const dayEnd = addLocalDays(dayStart, 1);
  const startMs = dayStart.getTime();
  const endMs = dayEnd.getTime();
  const totalPx = CALENDAR_LAYOUT.hours * CALENDAR_LAYOUT.hourHeight;

  const placed: Placed<T>[] = [];
  for (const event of events) {
    if (event.isAllDay) continue;
    const s = Date.parse(event.startTime);
    const e = Math.max(Date.parse(event.endTime), s);
    if (Number.isNaN(s) || Number.isNaN(e)) continue;
    // A zero-length event belongs to the day it starts in; others to every day they touch.
    if (!(s < endMs && (e > startMs || s >= startMs))) continue;
    const startsBefore = s < startMs;
    const endsAfter = e > endMs;
    const fromMin = startsBefore ? 0 : wallMinutes(new Date(s));
    // Clamped: after a fall-back hour, the wall clock of the end can read earlier than the start.
    // An end at the next midnight reads 00:00 on the wall clock: it is the bottom of this day.
    const toMin = e >= endMs ? MINUTES_PER_DAY : Math.max(wallMinutes(new Date(e)), fromMin);
    const height =
      Math.max(Math.min(toMin, MINUTES_PER_DAY) - fromMin, CALENDAR_LAYOUT.minDurationMin) *
      PX_PER_MINUTE;
    const drawnHeight = Math.max(height, CALENDAR_LAYOUT.minEventHeight);
    // An event starting just before midnight still shows its full minimum height.
    const top = Math.min(fromMin * PX_PER_MINUTE, totalPx - drawnHeight);
    placed.push({
      from: top / PX_PER_MINUTE,
      to: (top + drawnHeight) / PX_PER_MINUTE,
      box: {
        id: event.id,
        event,
        top,
        height: drawnHeight,
        column: 0,
        columns: 1,
        leftPct: 0,
        widthPct: 100,
        showTimeRange: (e - s) / 60_000 > CALENDAR_LAYOUT.timeRangeOverMin,
        startsBefore,
        endsAfter,
      },
    });
  }

  placed.sort((a, b) => a.from - b.from || b.to - a.to || a.box.id.localeCompare(b.box.id));

  // Clusters of transitively overlapping events share one column count.
  let cluster: Placed<T>[] = [];
  let clusterEnd = -Infinity;
  const flush = () => {
    layoutCluster(cluster);
    cluster = [];
    clusterEnd = -Infinity;
  };
  for (const item of placed) {
    if (item.from >= clusterEnd) flush();
    cluster.push(item);
    clusterEnd = Math.max(clusterEnd, item.to);
  }
  flush();
  return placed.map((p) => p.box);
}

/** What {@link layoutAllDayRow} needs of an all-day event ('YYYY-MM-DD', end exclusive). */
export interface AllDayEventInput {
  id: string;
  isAllDay: boolean;
  startTime: string;
  startDate: string | null;
  endDate: string | null;
}

/** One all-day event's bar in the week's all-day row. */
export interface AllDayBar<T extends AllDayEventInput = AllDayEventInput> {
  id: string;
  event: T;
  /** First day column, 0 (Sunday) to 6. */
  startCol: number;
  /** Day columns covered, 1 to 7. */
  span: number;
  /** 0-based row of the bar in the expanded all-day row. */
  lane: number;
  /** Began before this week. */
  continuesBefore: boolean;
  /** Ends after this week. */
  continuesAfter: boolean;
}

/** The week's all-day row. */
export interface AllDayRowLayout<T extends AllDayEventInput = AllDayEventInput> {
  bars: AllDayBar<T>[];
  /** Rows the expanded all-day row needs (0 without all-day events). */
  lanes: number;
  /** All-day events on each day, Sunday first. */
  counts: number[];
  /**
   * True when two all-day events share a day: the row then collapses to per-day counts and can be
   * expanded.
   */
  overlaps: boolean;
}

/**
 * Lays out the all-day events of the Sunday-first week starting at `weekStart`: each becomes a bar
 * over the days it covers (end date exclusive, clipped to the week), bars are stacked in the
 * fewest lanes (earlier first, longer first), and each day gets its count.
 */
export function layoutAllDayRow<T extends AllDayEventInput>(
  events: readonly T[],
  weekStart: Date,
): AllDayRowLayout<T> {
  const weekKey = localDateKey(weekStartOf(weekStart));
  const spans: { event: T; first: number; last: number; from: number; to: number }[] = [];
  for (const event of events) {
    if (!event.isAllDay) continue;
    const startKey = event.startDate ?? localDateKey(new Date(event.startTime));
    const from = daysBetweenKeys(weekKey, startKey);
    const endExclusive = event.endDate ? daysBetweenKeys(weekKey, event.endDate) : from + 1;
    // A malformed end at or before the start still shows the event on its first day.
    const to = Math.max(endExclusive - 1, from);
    if (Number.isNaN(from) || Number.isNaN(to)) continue;
    const first = Math.max(from, 0);
    const last = Math.min(to, 6);
    if (first > last) continue;
    spans.push({ event, first, last, from, to });
  }
  spans.sort(
    (a, b) => a.first - b.first || b.last - a.last || a.event.id.localeCompare(b.event.id),
  );

  const laneEnds: number[] = [];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const bars = spans.map(({ event, first, last, from, to }) => {
    let lane = laneEnds.findIndex((end) => end < first);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(last);
    } else {
      laneEnds[lane] = last;
    }
    for (let d = first; d <= last; d++) counts[d]!++;
    return {
      id: event.id,
      event,
      startCol: first,
      span: last - first + 1,
      lane,
      continuesBefore: from < 0,
      continuesAfter: to > 6,
    };
  });
  return { bars, lanes: laneEnds.length, counts, overlaps: counts.some((c) => c > 1) };
}
