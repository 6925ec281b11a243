/**
 * `GET /api/settings/ai`: the person's AI preferences with the model choices of this server (each
 * available or not, with why) and the summary templates (docs/product.md#settings). Settings >
 * General and the Regenerate summary dialog read this one query.
 */
import { aiSettingsSchema, type AiPreferences, type AiSettings } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import {
  DEFAULT_AI_PREFERENCES,
  readStoredAiPreferences,
  saveStoredAiPreferences,
} from '../utils/preferences-storage';

/** Query key of the AI settings. */
export const aiSettingsQueryKey = ['settings', 'ai'] as const;

/**
 * Fetches the AI settings and keeps the local copy of the preferences in step (the server wins).
 * Throws `ApiRequestError` (401 signed out).
 */
export async function getAiSettings(signal?: AbortSignal): Promise<AiSettings> {
  const settings = await apiFetch('/settings/ai', aiSettingsSchema, { signal });
  saveStoredAiPreferences(settings.preferences);
  return settings;
}

/**
 * Query options of the AI settings. A minute fresh: the choices change only when the server is
 * reconfigured, and the preferences only through this browser's Settings or another tab's.
 */
export function getAiSettingsQueryOptions() {
  return queryOptions({
    queryKey: aiSettingsQueryKey,
    queryFn: ({ signal }) => getAiSettings(signal),
    staleTime: 60_000,
  });
}

/** The AI settings query. */
export function useAiSettings() {
  return useQuery(getAiSettingsQueryOptions());
}

/**
 * The preferences to show now: the server's once answered, before that the local copy
 * ('summy-ai-preferences-v1'), else the defaults (auto, auto, general).
 */
export function useAiPreferences(): AiPreferences {
  const settings = useAiSettings();
  return settings.data?.preferences ?? readStoredAiPreferences() ?? DEFAULT_AI_PREFERENCES;
}
