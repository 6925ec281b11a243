/**
 * `GET /api/models`: the local speech models of the catalog with their state on this server, and
 * which speech-to-text engine the next meeting would use. Settings > Transcription, the first-run
 * prompt and the re-transcribe offer all read this one query.
 */
import { modelsListSchema, type ModelsList } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of the model list. */
export const modelsQueryKey = ['models'] as const;

/**
 * Poll interval while a download runs (ms): 500 ms, often enough for a smooth bar
 * and cheap for the server (it answers from memory).
 */
export const DOWNLOAD_POLL_MS = 500;

/** Fetches the models and the engine in use. Throws `ApiRequestError`. */
export function getModels(signal?: AbortSignal): Promise<ModelsList> {
  return apiFetch('/models', modelsListSchema, { signal });
}

/** True while any model of the list is downloading. */
export function isDownloading(list: ModelsList | undefined): boolean {
  return Boolean(list?.models.some((model) => model.state === 'downloading'));
}

/** Query options of the model list: polled every {@link DOWNLOAD_POLL_MS} while a download runs. */
export function getModelsQueryOptions() {
  return queryOptions({
    queryKey: modelsQueryKey,
    queryFn: ({ signal }) => getModels(signal),
    refetchInterval: (query) => (isDownloading(query.state.data) ? DOWNLOAD_POLL_MS : false),
    // A download started in another tab or from the CLI shows up when the person comes back.
    refetchOnWindowFocus: true,
  });
}

/** The model list, polled while a download runs. */
export function useModels() {
  return useQuery(getModelsQueryOptions());
}
