/**
 * `GET /api/search?q=&limit=`: search everywhere, the palette's one request: the person's meetings
 * (title, transcript turn, summary paragraph), to-dos, contacts and past chats matching the text,
 * grouped, each with the matched words as ranges (docs/decisions/058-search-everywhere.md).
 */
import { SEARCH_LIMITS, searchResultsSchema, type SearchResults } from '@summy/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Results per group the palette shows. */
export const PALETTE_GROUP_SIZE = SEARCH_LIMITS.perGroupDefault;

/** Fetches the results for `text` (not empty). Throws `ApiRequestError`. */
export async function searchEverything(text: string, signal?: AbortSignal): Promise<SearchResults> {
  const params = new URLSearchParams({ q: text, limit: String(PALETTE_GROUP_SIZE) });
  return apiFetch(`/search?${params.toString()}`, searchResultsSchema, { signal });
}

/**
 * Query options of one search. Keyed under `['meetings']`, so a meeting renamed, deleted or
 * indexed while the palette is open refreshes its results (the realtime layer reloads that root).
 */
export function searchEverythingQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['meetings', 'search-everything', text] as const,
    queryFn: ({ signal }) => searchEverything(text, signal),
    staleTime: 10_000,
  });
}

/**
 * The palette's results for `text` (already debounced and trimmed; disabled when empty). The
 * previous results stay on screen while the next ones load, so the list does not flicker at
 * each key.
 */
export function useSearchEverything(text: string) {
  return useQuery({
    ...searchEverythingQueryOptions(text),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
