/**
 * `GET /api/calendar/search?q=`: events of the past 30 days to the next 7 matching a search, scored
 * and capped at 10 by the server, across every linked Google account. The link popover's results
 * for a typed query.
 */
import { calendarEventsAnswerSchema, type CalendarEvent } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key root of the link popover's event lists. */
export const calendarLinkQueryKey = ['calendar-link'] as const;

/**
 * Searches the user's calendars. The server answers an empty list when Google fails; a thrown
 * `ApiRequestError` means Summy itself could not answer (401 reconnect, network), which the popover
 * reports as 'Failed to load calendar events'.
 *
 * @param query the trimmed search text, 1 to 200 characters
 */
export async function searchCalendarEvents(
  query: string,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const params = new URLSearchParams({ q: query });
  const answer = await apiFetch(`/calendar/search?${params}`, calendarEventsAnswerSchema, {
    signal,
  });
  return answer.events;
}

/** Query options of one search; results stay fresh for a minute while the person retypes. */
export function searchCalendarEventsQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...calendarLinkQueryKey, 'search', query] as const,
    queryFn: ({ signal }) => searchCalendarEvents(query, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** The search results for `query`; idle while `query` is empty. */
export function useSearchCalendarEvents(query: string) {
  return useQuery({ ...searchCalendarEventsQueryOptions(query), enabled: query.length > 0 });
}
