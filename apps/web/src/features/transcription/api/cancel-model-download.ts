/**
 * `POST /api/models/:id/cancel` and `POST /api/models/:id/pause` (administrators): stop a running
 * download; 200 with the model's status. A cancel deletes what was received, a pause keeps it and
 * the next download resumes it.
 */
import { modelAnswerSchema, type ModelStatus } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { modelsQueryKey } from './get-models';
import { withModel } from '../utils/model-list';

/** How to stop a download: 'cancel' deletes the part received, 'pause' keeps it. */
export type StopDownload = 'cancel' | 'pause';

/**
 * Stops one model's download. Throws `ApiRequestError` (403 for a user who is not an
 * administrator, 404 for an unknown id).
 */
export async function stopModelDownload(id: string, how: StopDownload): Promise<ModelStatus> {
  const { model } = await apiFetch(`/models/${encodeURIComponent(id)}/${how}`, modelAnswerSchema, {
    method: 'POST',
  });
  return model;
}

/** Mutation that stops a download, `mutate(id)`; the answered status replaces the cached one. */
export function useStopModelDownload(how: StopDownload) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => stopModelDownload(id, how),
    onSuccess: (model) => queryClient.setQueryData(modelsQueryKey, withModel(model)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}

/** Mutation that cancels a download, `mutate(id)`. */
export function useCancelModelDownload() {
  return useStopModelDownload('cancel');
}
