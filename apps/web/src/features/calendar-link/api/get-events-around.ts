/**
 * `GET /api/calendar/events?timeMin=&timeMax=&timeZone=`: the range fetch (spec 001 section 7)
 * over the day around a meeting, so the link popover can suggest the events the meeting most
 * likely was before anything is typed (spec 001 lets search require a query; the suggestion is
 * Summy's addition, decided in issue 13's contract).
 */
import { calendarEventsAnswerSchema, CALENDAR_LIMITS, type CalendarEvent } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { calendarLinkQueryKey } from './search-calendar-events';

/** Hours either side of the meeting's start searched for suggestions. */
export const AROUND_HOURS = 12;

/**
 * Timed events of the window ranked by how close they start to `meetingDate` (the closest is most
 * likely the one recorded), at most `CALENDAR_LIMITS.searchResults`. All-day events are left out:
 * a recording is rarely of a whole day.
 */
export function rankEventsAround(
  events: readonly CalendarEvent[],
  meetingDate: Date,
): CalendarEvent[] {
  const at = meetingDate.getTime();
  return events
    .filter((event) => !event.isAllDay)
    .map((event) => ({ event, distance: Math.abs(Date.parse(event.startTime) - at) }))
    .filter(({ distance }) => Number.isFinite(distance))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, CALENDAR_LIMITS.searchResults)
    .map(({ event }) => event);
}

/**
 * Fetches the events within {@link AROUND_HOURS} of the meeting's start, ranked by
 * {@link rankEventsAround}. Throws `ApiRequestError` (401 with the reconnect message when Google
 * refused twice).
 */
export async function getEventsAround(
  meetingDate: string,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const at = new Date(meetingDate);
  const hours = AROUND_HOURS * 3_600_000;
  const params = new URLSearchParams({
    timeMin: new Date(at.getTime() - hours).toISOString(),
    timeMax: new Date(at.getTime() + hours).toISOString(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const answer = await apiFetch(`/calendar/events?${params}`, calendarEventsAnswerSchema, {
    signal,
  });
  return rankEventsAround(answer.events, at);
}

/** Query options of the suggestions for a meeting starting at `meetingDate` (ISO 8601). */
export function getEventsAroundQueryOptions(meetingDate: string) {
  return queryOptions({
    queryKey: [...calendarLinkQueryKey, 'around', meetingDate] as const,
    queryFn: ({ signal }) => getEventsAround(meetingDate, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** The suggestions for a meeting; fetched only while `enabled` (the popover is open, nothing typed). */
export function useEventsAround(meetingDate: string, enabled: boolean) {
  return useQuery({ ...getEventsAroundQueryOptions(meetingDate), enabled });
}
