/**
 * `GET /api/meetings/:id`, read for the title a context chip shows when the panel was opened with
 * only a meeting's id (the recorder's Chat button, the meeting view's Ask mode); for a meeting
 * shared with the person, `GET /api/shared-with-me/:id`.
 */
import { meetingSchema, viewedMeetingSchema, type Meeting } from '@summy/core';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '@/lib/api-client';

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
 * Query options of a meeting another account shared with the person (`GET
 * /api/shared-with-me/:id`), read when the person's own meeting answers 404. Key and answer are
 * the shares feature's, so a chip for the shared meeting on screen reads its cached answer.
 */
export function getSharedMeetingQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['shared-with-me', 'detail', id] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/shared-with-me/${encodeURIComponent(id)}`, viewedMeetingSchema, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/**
 * The titles of the given meetings, by id: a title once loaded (the person's own meeting, else one
 * shared with them), `null` for a meeting that is gone (or neither theirs nor shared), absent
 * while loading.
 */
export function useMeetingTitles(ids: readonly string[]): Record<string, string | null> {
  const own = useQueries({
    queries: ids.map((id) => ({ ...getMeetingQueryOptions(id), retry: false })),
  });
  const missing = ids.filter((_, index) => isNotFound(own[index]?.error));
  const shared = useQueries({ queries: missing.map(getSharedMeetingQueryOptions) });
  const titles: Record<string, string | null> = {};
  ids.forEach((id, index) => {
    const result = own[index]!;
    if (result.data) titles[id] = result.data.title;
    else if (result.isError && !isNotFound(result.error)) titles[id] = null;
  });
  missing.forEach((id, index) => {
    const result = shared[index]!;
    if (result.data) titles[id] = result.data.title;
    else if (result.isError) titles[id] = null;
  });
  return titles;
}
