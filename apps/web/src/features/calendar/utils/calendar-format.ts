/**
 * The calendar's words for dates and times, in English through `Intl.DateTimeFormat` like
 * `@/lib/date-format` (no date-fns locale in the bundle: bench/web budget).
 */
import { type CalendarEvent } from '@summy/core';
import { addLocalDays } from '@summy/core/calendar-layout';
import { formatDate } from '@/lib/date-format';

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short' });
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short' });

/**
 * The header's month and year of a Sunday-first week: 'November 2026', or when the week spans two
 * months 'Nov – Dec 2026', and across a new year 'Dec 2026 – Jan 2027'.
 */
export function weekTitle(weekStart: Date): string {
  const last = addLocalDays(weekStart, 6);
  if (last.getMonth() === weekStart.getMonth()) return monthYear.format(weekStart);
  if (last.getFullYear() === weekStart.getFullYear()) {
    return `${shortMonth.format(weekStart)} – ${shortMonth.format(last)} ${last.getFullYear()}`;
  }
  return `${shortMonth.format(weekStart)} ${weekStart.getFullYear()} – ${shortMonth.format(last)} ${last.getFullYear()}`;
}

/** A day column's short weekday: 'Sun'. */
export function weekdayLabel(day: Date): string {
  return weekday.format(day);
}

/** The gutter's label of an hour row: '12 AM', '9 AM', '12 PM', '5 PM'. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A timed event's range: '9:30 AM – 11:00 AM'. */
export function timeRange(startTime: string, endTime: string): string {
  return `${formatDate(new Date(startTime), 'h:mm a')} – ${formatDate(new Date(endTime), 'h:mm a')}`;
}

/** '9', '9:30' of a 12-hour clock, and its 'AM' or 'PM'. */
function clock(date: Date): { time: string; period: string } {
  const h = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
  const m = date.getMinutes();
  return {
    time: m === 0 ? String(h) : `${h}:${String(m).padStart(2, '0')}`,
    period: date.getHours() < 12 ? 'AM' : 'PM',
  };
}

/**
 * A timed event's range as short as an event block can hold it: '9 – 11 AM', '9:30 – 10:15 AM',
 * '11:30 AM – 12:30 PM' (the period is written once when both ends share it).
 */
export function compactTimeRange(startTime: string, endTime: string): string {
  const start = clock(new Date(startTime));
  const end = clock(new Date(endTime));
  const first = start.period === end.period ? start.time : `${start.time} ${start.period}`;
  return `${first} – ${end.time} ${end.period}`;
}

/**
 * When an event happens, for its details: 'Tuesday, November 24, 2026, 9:30 AM – 11:00 AM', an
 * all-day event 'Tuesday, November 24, 2026 (all day)' or over several days
 * 'Tue, Nov 24, 2026 – Thu, Nov 26, 2026 (all day)' (the end date is exclusive, so the day
 * before it is the last).
 */
export function eventWhen(
  event: Pick<CalendarEvent, 'isAllDay' | 'startTime' | 'endTime' | 'startDate' | 'endDate'>,
): string {
  const start = new Date(event.startTime);
  if (event.isAllDay) {
    const first = event.startDate ? dateOnly(event.startDate) : start;
    const last = event.endDate ? addLocalDays(dateOnly(event.endDate), -1) : first;
    if (last.getTime() <= first.getTime()) {
      return `${formatDate(first, 'EEEE, MMMM d, yyyy')} (all day)`;
    }
    return `${formatDate(first, 'EEE, MMM d, yyyy')} – ${formatDate(last, 'EEE, MMM d, yyyy')} (all day)`;
  }
  const end = new Date(event.endTime);
  if (start.toDateString() === end.toDateString()) {
    return `${formatDate(start, 'EEEE, MMMM d, yyyy')}, ${timeRange(event.startTime, event.endTime)}`;
  }
  return `${formatDate(start, 'MMM d, h:mm a')} – ${formatDate(end, 'MMM d, h:mm a')}`;
}

/** A 'YYYY-MM-DD' day as local midnight (not UTC midnight, which `new Date(s)` would give). */
function dateOnly(key: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/**
 * An event description as plain text: Google stores descriptions typed in its editor as HTML
 * (`<br>`, links, lists). Parsed in an inert document, so nothing in it runs or loads.
 */
export function descriptionText(description: string): string {
  if (!/[<&]/.test(description)) return description;
  const doc = new DOMParser().parseFromString(
    description.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li)>/gi, '\n'),
    'text/html',
  );
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
