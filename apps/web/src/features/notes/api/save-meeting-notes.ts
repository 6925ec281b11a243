/**
 * `PUT /api/meetings/:id/notes`: replaces the owner's My notes of a meeting with the editor's
 * blocks (the last save wins: notes have one author).
 */
import { meetingNotesSchema, type MeetingNotes, type NoteBlock } from '@summy/core';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingNotesQueryKey } from './get-meeting-notes';

/**
 * Saves a meeting's notes and answers them as stored. Throws `ApiRequestError` (400 with the
 * reason for notes too long or with NUL, 404 when the meeting is missing or another user's) or a
 * TypeError when offline.
 */
export function saveMeetingNotes(id: string, blocks: readonly NoteBlock[]): Promise<MeetingNotes> {
  return apiFetch(`/meetings/${encodeURIComponent(id)}/notes`, meetingNotesSchema, {
    method: 'PUT',
    json: { blocks },
  });
}

/** Saves and puts the stored notes in the query cache, so a later load starts from them. */
export async function saveMeetingNotesCached(
  queryClient: QueryClient,
  id: string,
  blocks: readonly NoteBlock[],
): Promise<MeetingNotes> {
  const saved = await saveMeetingNotes(id, blocks);
  queryClient.setQueryData(meetingNotesQueryKey(id), saved);
  return saved;
}

/** Mutation that saves a meeting's notes (see {@link saveMeetingNotesCached}). */
export function useSaveMeetingNotes(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocks: readonly NoteBlock[]) => saveMeetingNotesCached(queryClient, id, blocks),
  });
}
