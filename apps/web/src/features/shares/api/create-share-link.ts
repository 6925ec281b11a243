/** `POST /api/meetings/:id/shares`: a new share link; the answer holds its token, shown once. */
import {
  createdShareLinkSchema,
  type CreatedShareLink,
  type CreateShareLinkInput,
} from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { shareLinksQueryKey } from './get-share-links';

/** Makes a link to the meeting. Throws `ApiRequestError` (400 bad body, 404 not the person's). */
export function createShareLink(
  meetingId: string,
  input: CreateShareLinkInput,
): Promise<CreatedShareLink> {
  return apiFetch(`/meetings/${encodeURIComponent(meetingId)}/shares`, createdShareLinkSchema, {
    method: 'POST',
    json: input,
  });
}

/** Mutation `mutate(input)` of {@link createShareLink} for one meeting; re-reads the lists. */
export function useCreateShareLink(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareLinkInput) => createShareLink(meetingId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksQueryKey }),
  });
}
