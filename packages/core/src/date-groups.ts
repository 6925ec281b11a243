/**
 * The sidebar's grouping of meetings by date (last 7 days, last 30 days).
 */

/** The groups, in display order. */
export const DATE_GROUPS = ['Today', 'Last week', 'Previous 30 days', 'Past'] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfLocalDay(at: Date): number {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
}

/**
 * The group of one date: Today (the same local calendar day, or later), Last week (within the
 * last 7 days), Previous 30 days (within the last 30 days), else Past.
 *
 * @param date ISO 8601 date-time or Date
 * @param now the reference time (the browser's clock; local time zone)
 */
export function dateGroupOf(date: string | Date, now: Date = new Date()): DateGroup {
  const time = typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (Number.isNaN(time)) return 'Past';
  if (time >= startOfLocalDay(now)) return 'Today';
  const age = now.getTime() - time;
  if (age <= 7 * DAY_MS) return 'Last week';
  if (age <= 30 * DAY_MS) return 'Previous 30 days';
  return 'Past';
}

/**
 * Groups items by date into {@link DATE_GROUPS}; empty groups are dropped and order within a group
 * is kept. Used by the sidebar (meeting date) and Past chats (creation date): today, within 7 days,
 * within 30 days, older.
 *
 * @param dateOf the item's date (ISO 8601 date-time or Date)
 * @param now the reference time
 */
export function groupByDate<T>(
  items: readonly T[],
  dateOf: (item: T) => string | Date,
  now: Date = new Date(),
): { group: DateGroup; items: T[] }[] {
  const buckets = new Map<DateGroup, T[]>(DATE_GROUPS.map((g) => [g, []]));
  for (const item of items) buckets.get(dateGroupOf(dateOf(item), now))!.push(item);
  return DATE_GROUPS.filter((g) => buckets.get(g)!.length > 0).map((group) => ({
    group,
    items: buckets.get(group)!,
  }));
}

/**
 * Groups meetings for the sidebar. Meetings being recorded are left out (the sidebar shows them
 * in its 'Recording...' banner); empty groups are dropped; order within a group is kept.
 *
 * @param items meetings, usually date descending
 * @param now the reference time
 */
export function groupMeetingsByDate<T extends { date: string; isRecording?: boolean }>(
  items: readonly T[],
  now: Date = new Date(),
): { group: DateGroup; items: T[] }[] {
  return groupByDate(
    items.filter((item) => !item.isRecording),
    (item) => item.date,
    now,
  );
}
