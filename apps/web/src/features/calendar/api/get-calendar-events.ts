/**
 * `GET /api/calendar/events?timeMin=&timeMax=&timeZone=`: the events of one Sunday-first week
 * across every linked Google account. Weeks are cached by their start, stale after 5 minutes, the
 * visible one polled every 2 minutes.
 */
import { calendarEventsAnswerSchema, GOOGLE_MESSAGES, type CalendarEvent } from '@summy/core';
import { addLocalDays, CALENDAR_LAYOUT, localDateKey } from '@summy/core/calendar-layout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '@/lib/api-client';

/** Query key root of everything about the calendar; 'google-calendar-connected' reloads it. */
export const calendarQueryKey = ['calendar'] as const;

/**
 * The server's answer when Google refused the primary account's tokens even after a refresh: the
 * person must connect Google Calendar again. Not an `ApiRequestError`, so nothing takes it for an
 * ended Summy session.
 */
export class CalendarReconnectError extends Error {
  constructor() {
    super(GOOGLE_MESSAGES.reconnect);
    this.name = 'CalendarReconnectError';
  }
}

/** The browser's IANA time zone, sent so all-day events and Google's expansion match the grid. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Fetches the events of the week starting at `weekStart` (local midnight of a Sunday) up to the
 * next Sunday's midnight. A 409 carrying 'please reconnect Google Calendar' throws
 * {@link CalendarReconnectError}; other failures throw `ApiRequestError` (404 when the server has
 * no Google configured).
 */
export async function getCalendarEvents(
  weekStart: Date,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const params = new URLSearchParams({
    timeMin: weekStart.toISOString(),
    timeMax: addLocalDays(weekStart, 7).toISOString(),
    timeZone: browserTimeZone(),
  });
  try {
    const answer = await apiFetch(`/calendar/events?${params}`, calendarEventsAnswerSchema, {
      signal,
    });
    return answer.events;
  } catch (error) {
    // The server answers 409 (a 401 would read as the Summy session having ended); the wording is
    // what marks it ("an error containing 'please reconnect Google Calendar'").
    if (
      error instanceof ApiRequestError &&
      (error.status === 409 || error.status === 401) &&
      error.message.includes('please reconnect Google Calendar')
    ) {
      throw new CalendarReconnectError();
    }
    throw error;
  }
}

/** Query key of one week's events: its start day 'YYYY-MM-DD' and the time zone it is read in. */
export function calendarWeekQueryKey(weekStart: Date) {
  return [...calendarQueryKey, 'week', localDateKey(weekStart), browserTimeZone()] as const;
}

/**
 * Query options of one week (also used to prefetch the neighbouring weeks): stale after 5 minutes;
 * a reconnect answer is final, so it is not retried.
 */
export function getCalendarEventsQueryOptions(weekStart: Date) {
  return queryOptions({
    queryKey: calendarWeekQueryKey(weekStart),
    queryFn: ({ signal }) => getCalendarEvents(weekStart, signal),
    staleTime: CALENDAR_LAYOUT.staleMs,
    retry: (failureCount, error) =>
      !(error instanceof CalendarReconnectError) &&
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
      failureCount < 2,
  });
}

/**
 * The visible week's events, polled every 2 minutes while the tab is visible and fetched again
 * whenever the tab becomes visible (not only when stale). A week not yet in the cache starts
 * pending: another week's events are never drawn under its dates.
 */
export function useCalendarEvents(weekStart: Date, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getCalendarEventsQueryOptions(weekStart),
    enabled: options.enabled ?? true,
    refetchInterval: CALENDAR_LAYOUT.pollMs,
    refetchOnWindowFocus: 'always',
  });
}
