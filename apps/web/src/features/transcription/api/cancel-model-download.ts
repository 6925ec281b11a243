/**
 * `POST /api/models/:id/cancel`: stops a running download (issue 12 point 2); 200 with the
 * model's status.
 */
import { modelAnswerSchema, type ModelStatus } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { modelsQueryKey } from './get-models';
import { withModel } from '../utils/model-list';

/** Cancels one model's download. Throws `ApiRequestError` (404 for an unknown id). */
export async function cancelModelDownload(id: string): Promise<ModelStatus> {
  const { model } = await apiFetch(`/models/${encodeURIComponent(id)}/cancel`, modelAnswerSchema, {
    method: 'POST',
  });
  return model;
}

/** Mutation that cancels a download, `mutate(id)`; the answered status replaces the cached one. */
export function useCancelModelDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelModelDownload,
    onSuccess: (model) => queryClient.setQueryData(modelsQueryKey, withModel(model)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
