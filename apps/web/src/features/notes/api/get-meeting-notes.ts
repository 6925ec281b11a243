/**
 * `GET /api/meetings/:id/notes`: the signed-in owner's My notes of a meeting (empty blocks and
 * `updatedAt` null when none were saved).
 */
import { meetingNotesSchema, type MeetingNotes } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Fetches a meeting's notes. Throws `ApiRequestError` (404 when missing or another user's). */
export function getMeetingNotes(id: string, signal?: AbortSignal): Promise<MeetingNotes> {
  return apiFetch(`/meetings/${encodeURIComponent(id)}/notes`, meetingNotesSchema, { signal });
}

/** Query key of a meeting's notes: `['meetings', 'notes', id]`. */
export function meetingNotesQueryKey(id: string) {
  return ['meetings', 'notes', id] as const;
}

/**
 * Query options of a meeting's notes. Never refetched on focus: the editor owns the text once
 * loaded, and a refetch must not replace what is being typed.
 */
export function getMeetingNotesQueryOptions(id: string) {
  return queryOptions({
    queryKey: meetingNotesQueryKey(id),
    queryFn: ({ signal }) => getMeetingNotes(id, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** A meeting's notes as the server has them. */
export function useMeetingNotes(id: string) {
  return useQuery(getMeetingNotesQueryOptions(id));
}
