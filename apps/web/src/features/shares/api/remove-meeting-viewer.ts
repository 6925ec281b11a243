/** `DELETE /api/meetings/:id/viewers/:userId`: takes a viewer's access away at once (204). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingViewersQueryKey } from './get-meeting-viewers';

/** Removes one viewer. Throws `ApiRequestError` (404 when already removed or not the person's). */
export function removeMeetingViewer(meetingId: string, userId: string): Promise<void> {
  const path = `/meetings/${encodeURIComponent(meetingId)}/viewers/${encodeURIComponent(userId)}`;
  return apiFetch<void>(path, undefined, { method: 'DELETE' });
}

/** Mutation `mutate(userId)` of {@link removeMeetingViewer} for one meeting; re-reads its viewers. */
export function useRemoveMeetingViewer(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMeetingViewer(meetingId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingViewersQueryKey }),
  });
}
