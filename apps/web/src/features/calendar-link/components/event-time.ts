/**
 * When a calendar event happens, as one line of the link popover's results: 'Tue, Nov 24 · 10:00 AM
 * – 10:30 AM', 'Tue, Nov 24 · All day', 'Tue, Nov 24 – Thu, Nov 26 · All day'. Local time.
 */
import type { CalendarEvent } from '@summy/core';
import { formatDate, isSameDay } from '@/lib/date-format';

/** A 'YYYY-MM-DD' calendar date as local midnight (all-day events have no time zone). */
function localDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * The event's date and time. All-day events read their dates (the end is exclusive, so a one-day
 * event names one day); timed events their start and end, naming the end's day when it differs.
 */
export function eventTimeLabel(
  event: Pick<CalendarEvent, 'startTime' | 'endTime' | 'isAllDay' | 'startDate' | 'endDate'>,
): string {
  if (event.isAllDay && event.startDate) {
    const first = localDay(event.startDate);
    const after = event.endDate ? localDay(event.endDate) : first;
    const last = new Date(after.getFullYear(), after.getMonth(), after.getDate() - 1);
    const days =
      last > first
        ? `${formatDate(first, 'EEE, MMM d')} – ${formatDate(last, 'EEE, MMM d')}`
        : formatDate(first, 'EEE, MMM d');
    return `${days} · All day`;
  }
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  const day = formatDate(start, 'EEE, MMM d');
  const from = formatDate(start, 'h:mm a');
  if (!(end > start)) return `${day} · ${from}`;
  const to = isSameDay(start, end) ? formatDate(end, 'h:mm a') : formatDate(end, 'MMM d, h:mm a');
  return `${day} · ${from} – ${to}`;
}
