/**
 * `PUT /api/settings/recording`: stores the person's recording preferences; the server answers
 * them as `GET` does. Shown at once, put back with an error toast when the server cannot save.
 */
import { recordingPreferencesSchema, type RecordingPreferences } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { recordingPreferencesQueryKey } from './get-recording-preferences';

/**
 * Saves the recording preferences.
 * @throws ApiRequestError: 400 `{error: 'Invalid request', details}` for a malformed body
 */
export function updateRecordingPreferences(
  preferences: RecordingPreferences,
): Promise<RecordingPreferences> {
  return apiFetch('/settings/recording', recordingPreferencesSchema, {
    method: 'PUT',
    json: preferences,
  });
}

/**
 * Mutation saving the preferences, `mutate(preferences)`: the switch moves at once, and a
 * failure puts the previous value back with the server's words.
 */
export function useUpdateRecordingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecordingPreferences,
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: recordingPreferencesQueryKey });
      const previous = queryClient.getQueryData<RecordingPreferences>(recordingPreferencesQueryKey);
      queryClient.setQueryData(recordingPreferencesQueryKey, preferences);
      return { previous };
    },
    onError: (error, _preferences, context) => {
      if (context?.previous)
        queryClient.setQueryData(recordingPreferencesQueryKey, context.previous);
      toast.error(error.message, {
        description: error instanceof ApiRequestError ? error.details : undefined,
      });
    },
    onSuccess: (saved) => queryClient.setQueryData(recordingPreferencesQueryKey, saved),
  });
}
