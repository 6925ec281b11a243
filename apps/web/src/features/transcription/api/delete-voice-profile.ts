/**
 * `DELETE /api/voices/:id`: removes a voice profile and its clip (204); meetings keep the names
 * they were given, and nothing is suggested from the voice again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { voiceProfilesQueryKey } from './get-voice-profiles';

/** Deletes one profile. Throws `ApiRequestError` (404 when it is gone or not the person's). */
export function deleteVoiceProfile(id: string): Promise<void> {
  return apiFetch<void>(`/voices/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });
}

/** Mutation `mutate(id)` of {@link deleteVoiceProfile}; re-reads the list afterwards. */
export function useDeleteVoiceProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVoiceProfile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: voiceProfilesQueryKey }),
  });
}
