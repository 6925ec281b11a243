/**
 * `PUT /api/settings/ai`: changes any of the three AI preferences; the server answers the settings
 * as `GET` does. Applied at once on screen and in the local copy, rolled back with an error toast
 * when the server refuses (400 for a model this server cannot run, with why).
 */
import type { AiSettings, UpdateAiSettingsInput } from '@summy/core';
import { aiSettingsSchema } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { saveStoredAiPreferences } from '../utils/preferences-storage';
import { aiSettingsQueryKey } from './get-ai-settings';

/**
 * Saves a change of preferences.
 * @throws ApiRequestError: 400 `{error, details}` for an unknown template or model, or a model
 *   not configured on this server (details say which setting is missing)
 */
export function updateAiSettings(patch: UpdateAiSettingsInput): Promise<AiSettings> {
  return apiFetch('/settings/ai', aiSettingsSchema, { method: 'PUT', json: patch });
}

/** The settings with `patch` applied to the preferences (what the screen shows while saving). */
export function withPreferences(settings: AiSettings, patch: UpdateAiSettingsInput): AiSettings {
  return { ...settings, preferences: { ...settings.preferences, ...patch } };
}

/**
 * Mutation saving a change, `mutate(patch)`: the choice shows at once, the 'Saved' toast follows
 * the server's answer, and a refusal puts the previous choice back with the server's words.
 */
export function useUpdateAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiSettings,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: aiSettingsQueryKey });
      const previous = queryClient.getQueryData<AiSettings>(aiSettingsQueryKey);
      if (previous) {
        const next = withPreferences(previous, patch);
        queryClient.setQueryData(aiSettingsQueryKey, next);
        saveStoredAiPreferences(next.preferences);
      }
      return { previous };
    },
    onError: (error, _patch, context) => {
      if (context?.previous) {
        queryClient.setQueryData(aiSettingsQueryKey, context.previous);
        saveStoredAiPreferences(context.previous.preferences);
      }
      toast.error(error.message, {
        description: error instanceof ApiRequestError ? error.details : undefined,
      });
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(aiSettingsQueryKey, settings);
      saveStoredAiPreferences(settings.preferences);
      toast.success('Saved');
    },
  });
}
