/**
 * `POST /api/models/:id/download`: starts (or resumes) a model's download on the server; 202 with
 * the model's status, idempotent while it downloads. Progress is read by polling `GET /api/models`
 * (get-models.ts).
 */
import { modelAnswerSchema, type ModelStatus } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { modelsQueryKey } from './get-models';
import { withModel } from '../utils/model-list';

/** Starts the download of one model. Throws `ApiRequestError` (404 for an unknown id). */
export async function downloadModel(id: string): Promise<ModelStatus> {
  const { model } = await apiFetch(
    `/models/${encodeURIComponent(id)}/download`,
    modelAnswerSchema,
    { method: 'POST' },
  );
  return model;
}

/**
 * Mutation that starts downloads, `mutate(ids)` (the first-run prompt starts the recognizer and
 * the speaker-embedding model together): each answered status replaces the cached one, so the
 * list starts polling at once.
 */
export function useDownloadModels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => Promise.all(ids.map((id) => downloadModel(id))),
    onSuccess: (models) => {
      for (const model of models) queryClient.setQueryData(modelsQueryKey, withModel(model));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
