/**
 * `DELETE /api/models/:id`: removes an installed model (its folder and any partial download); 204.
 * The next meeting falls back to another engine if it was the one in use.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { modelsQueryKey } from './get-models';

/** Removes one model. Throws `ApiRequestError` (404 for an unknown id). */
export function removeModel(id: string): Promise<void> {
  return apiFetch<void>(`/models/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });
}

/** Mutation that removes a model, `mutate(id)`, then re-reads the list (the engine may change). */
export function useRemoveModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeModel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
