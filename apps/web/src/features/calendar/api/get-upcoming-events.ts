/**
 * The Home dashboard's 'Upcoming events' (3 events within the next 7 days), read through `GET
 * /api/calendar/events` from now to 7 days ahead (Google answers events still running at `timeMin`
 * too, so a meeting in progress is included). `/api/calendar/upcoming` covers only 3 days, too
 * short for the dashboard's 7.
 */
import type { CalendarEvent } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CALENDAR_LAYOUT } from '@summy/core/calendar-layout';
import { ApiRequestError } from '@/lib/api-client';
import { browserTimeZone, calendarQueryKey, getCalendarEvents } from './get-calendar-events';

/** Events the dashboard shows (upcoming events 3). */
export const UPCOMING_EVENTS = 3;

/** A recording may start from an event this long before it begins, ms (5 min). */
export const RECORD_LEAD_MS = 5 * 60_000;

/**
 * The events to show at `now`: timed ones (an all-day entry is rarely a meeting to record) that
 * have not ended, by start, at most {@link UPCOMING_EVENTS}.
 */
export function pickUpcomingEvents(events: readonly CalendarEvent[], now: Date): CalendarEvent[] {
  const at = now.getTime();
  return events
    .filter((event) => !event.isAllDay && Date.parse(event.endTime) > at)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
    .slice(0, UPCOMING_EVENTS);
}

/**
 * Whether a recording can start from `event` at `now`: it starts within {@link RECORD_LEAD_MS} or
 * is running, and it is timed.
 */
export function isRecordableEvent(event: CalendarEvent, now: Date): boolean {
  if (event.isAllDay) return false;
  const start = Date.parse(event.startTime);
  const end = Date.parse(event.endTime);
  const at = now.getTime();
  return Number.isFinite(start) && Number.isFinite(end) && start - at <= RECORD_LEAD_MS && end > at;
}

/**
 * Fetches the events of the next 7 days. A server without Google answers 404, which reads as no
 * events (there is nothing to connect); `CalendarReconnectError` and other failures are thrown.
 */
export async function getUpcomingEvents(signal?: AbortSignal): Promise<CalendarEvent[]> {
  try {
    return await getCalendarEvents(new Date(), signal);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return [];
    throw error;
  }
}

/**
 * Query options of the dashboard's events: under the calendar's key root, so connecting Google
 * ('google-calendar-connected') reloads them too; polled like the visible week.
 */
export function getUpcomingEventsQueryOptions() {
  return queryOptions({
    queryKey: [...calendarQueryKey, 'upcoming', browserTimeZone()] as const,
    queryFn: ({ signal }) => getUpcomingEvents(signal),
    staleTime: CALENDAR_LAYOUT.pollMs,
    refetchInterval: CALENDAR_LAYOUT.pollMs,
    retry: false,
  });
}

/**
 * The next 7 days' events (all of them; {@link pickUpcomingEvents} chooses what is shown). With
 * `enabled: false` (no Google on the server) nothing is asked and the query stays pending.
 */
export function useUpcomingEvents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getUpcomingEventsQueryOptions(), enabled });
}
