/**
 * `GET /api/voices`: the person's voice profiles (made when they name a meeting's speakers on a
 * server with the speaker embedding model), for Settings.
 */
import { voiceProfileListSchema, type VoiceProfile } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of the voice profiles. */
export const voiceProfilesQueryKey = ['voices'] as const;

/** Fetches the voice profiles by name. Throws `ApiRequestError`. */
export async function getVoiceProfiles(signal?: AbortSignal): Promise<VoiceProfile[]> {
  return (await apiFetch('/voices', voiceProfileListSchema, { signal })).profiles;
}

/** Query options of the voice profiles. */
export function getVoiceProfilesQueryOptions() {
  return queryOptions({
    queryKey: voiceProfilesQueryKey,
    queryFn: ({ signal }) => getVoiceProfiles(signal),
  });
}

/** The voice profiles. */
export function useVoiceProfiles() {
  return useQuery(getVoiceProfilesQueryOptions());
}
