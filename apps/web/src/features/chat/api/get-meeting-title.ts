/**
 * `GET /api/meetings/:id`, read for the title a context chip shows when the panel was opened with
 * only a meeting's id (the recorder's Chat button, the meeting view's Ask mode).
 */
import { meetingSchema, type Meeting } from '@summy/core';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Fetches one meeting. Throws `ApiRequestError` (404 when missing or another user's). */
export function getMeeting(id: string, signal?: AbortSignal): Promise<Meeting> {
  return apiFetch(`/meetings/${encodeURIComponent(id)}`, meetingSchema, { signal });
}

/**
 * Query options of one meeting. The key and answer are the meeting view's own
 * (`['meetings', 'detail', id]`, the same schema), so a chip for the meeting on screen reads the
 * cached meeting instead of fetching it again; the realtime layer keeps both fresh.
 */
export function getMeetingQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['meetings', 'detail', id] as const,
    queryFn: ({ signal }) => getMeeting(id, signal),
    staleTime: 60_000,
  });
}

/**
 * The titles of the given meetings, by id: a title once loaded, `null` for a meeting that is gone
 * (or not the user's), absent while loading.
 */
export function useMeetingTitles(ids: readonly string[]): Record<string, string | null> {
  return useQueries({
    queries: ids.map((id) => ({ ...getMeetingQueryOptions(id), retry: false })),
    combine: (results) => {
      const titles: Record<string, string | null> = {};
      results.forEach((result, index) => {
        const id = ids[index]!;
        if (result.data) titles[id] = result.data.title;
        else if (result.isError) titles[id] = null;
      });
      return titles;
    },
  });
}
