/**
 * `GET /api/calendar/events?timeMin=&timeMax=&timeZone=`: the range fetch over the day around a
 * meeting and over the span the search covers (30 days back to 7 ahead), so the link popover
 * suggests events before anything is typed: those the meeting most likely was first, then recent
 * and upcoming ones, rather than 'No events found' for a meeting on a quiet day.
 */
import { calendarEventsAnswerSchema, CALENDAR_LIMITS, type CalendarEvent } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { calendarLinkQueryKey } from './search-calendar-events';

/** Hours either side of the meeting's start searched for suggestions. */
export const AROUND_HOURS = 12;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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
 * The heading of the suggestions: 'Around this meeting' when the closest one starts within
 * {@link AROUND_HOURS} of the meeting, else 'Recent and upcoming' (a meeting on a quiet day).
 */
export function suggestionsHeading(
  events: readonly CalendarEvent[],
  meetingDate: Date,
): 'Around this meeting' | 'Recent and upcoming' {
  const first = events[0];
  const near =
    first !== undefined &&
    Math.abs(Date.parse(first.startTime) - meetingDate.getTime()) <= AROUND_HOURS * HOUR_MS;
  return near ? 'Around this meeting' : 'Recent and upcoming';
}

/** A range of `GET /api/calendar/events`. */
export interface TimeWindow {
  timeMin: Date;
  timeMax: Date;
}

/**
 * The ranges the suggestions are read from: {@link AROUND_HOURS} either side of the meeting's
 * start, and the search's span around `now` (`CALENDAR_LIMITS.searchDaysBack` to
 * `searchDaysAhead`); one range when both fit in the longest range the server answers
 * (`maxRangeDays`), else the two apart (a meeting of long ago).
 */
export function suggestionWindows(meetingDate: Date, now: Date): TimeWindow[] {
  const at = meetingDate.getTime();
  const around = { min: at - AROUND_HOURS * HOUR_MS, max: at + AROUND_HOURS * HOUR_MS };
  const recent = {
    min: now.getTime() - CALENDAR_LIMITS.searchDaysBack * DAY_MS,
    max: now.getTime() + CALENDAR_LIMITS.searchDaysAhead * DAY_MS,
  };
  const min = Math.min(around.min, recent.min);
  const max = Math.max(around.max, recent.max);
  const ranges =
    max - min <= CALENDAR_LIMITS.maxRangeDays * DAY_MS ? [{ min, max }] : [around, recent];
  return ranges.map((r) => ({ timeMin: new Date(r.min), timeMax: new Date(r.max) }));
}

/**
 * Fetches the events of {@link suggestionWindows}, ranked by {@link rankEventsAround} (an event
 * found in both ranges counts once). Throws `ApiRequestError` (401 with the reconnect message
 * when Google refused twice).
 */
export async function getEventsAround(
  meetingDate: string,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const at = new Date(meetingDate);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const answers = await Promise.all(
    suggestionWindows(at, new Date()).map(({ timeMin, timeMax }) => {
      const params = new URLSearchParams({
        timeMin: timeMin.toISOString(),
        timeMax: timeMax.toISOString(),
        timeZone,
      });
      return apiFetch(`/calendar/events?${params}`, calendarEventsAnswerSchema, { signal });
    }),
  );
  const byId = new Map(answers.flatMap((a) => a.events).map((event) => [event.id, event]));
  return rankEventsAround([...byId.values()], at);
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
