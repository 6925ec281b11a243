/** `POST /api/s/:token`: a shared meeting behind a password, with the password typed. */
import { sharedPageSchema, type SharedPage } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sharedMeetingQueryKey } from './get-shared-meeting';

/** Opens the link with `password`. Throws `ApiRequestError` (403 wrong, 429 too many, 404). */
export function openSharedMeeting(token: string, password: string): Promise<SharedPage> {
  return apiFetch(`/s/${encodeURIComponent(token)}`, sharedPageSchema, {
    method: 'POST',
    json: { password },
  });
}

/** Mutation `mutate(password)`; the meeting it answers becomes the page's data. */
export function useOpenSharedMeeting(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => openSharedMeeting(token, password),
    onSuccess: (page) => queryClient.setQueryData(sharedMeetingQueryKey(token), page),
  });
}
