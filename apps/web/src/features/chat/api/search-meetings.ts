/**
 * `GET /api/meetings?q=&limit=5`: the user's meetings whose title contains the typed text,
 * case-insensitive, date descending, for the panel's @ picker ("Meeting picker in chat:
 * case-insensitive title match, at most 5 results").
 */
import { CHAT_PICKER_MAX, meetingListSchema, type MeetingListItem } from '@summy/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Fetches up to five meetings matching `query` (an empty query: the five latest). */
export async function searchMeetings(
  query: string,
  signal?: AbortSignal,
): Promise<MeetingListItem[]> {
  const params = new URLSearchParams({ limit: String(CHAT_PICKER_MAX) });
  if (query.trim()) params.set('q', query.trim());
  const page = await apiFetch(`/meetings?${params.toString()}`, meetingListSchema, { signal });
  return page.items;
}

/**
 * Query options of one search. Keyed under `['meetings']`, so a meeting renamed or deleted
 * elsewhere refreshes an open picker (the realtime layer reloads that root).
 */
export function searchMeetingsQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['meetings', 'search', query.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => searchMeetings(query, signal),
    staleTime: 10_000,
  });
}

/**
 * The picker's results; the previous results stay on screen while the next query loads, so the
 * list does not flicker at each key.
 */
export function useSearchMeetings(query: string, enabled: boolean) {
  return useQuery({
    ...searchMeetingsQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
