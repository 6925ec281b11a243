/**
 * `GET /api/settings/recording`: the person's recording preferences, kept on the server with
 * their settings so they hold on every device: whether a live draft transcript shows while they
 * record (docs/product.md#live-transcript).
 */
import { recordingPreferencesSchema, type RecordingPreferences } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of the recording preferences. */
export const recordingPreferencesQueryKey = ['settings', 'recording'] as const;

/** Fetches the recording preferences. Throws `ApiRequestError` (401 signed out). */
export function getRecordingPreferences(signal?: AbortSignal): Promise<RecordingPreferences> {
  return apiFetch('/settings/recording', recordingPreferencesSchema, { signal });
}

/** Query options of the recording preferences: a minute fresh, they change only in Settings. */
export function getRecordingPreferencesQueryOptions() {
  return queryOptions({
    queryKey: recordingPreferencesQueryKey,
    queryFn: ({ signal }) => getRecordingPreferences(signal),
    staleTime: 60_000,
  });
}

/** The recording preferences query; `enabled` false reads nothing. */
export function useRecordingPreferences(enabled = true) {
  return useQuery({ ...getRecordingPreferencesQueryOptions(), enabled });
}
