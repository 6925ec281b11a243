/**
 * `POST /api/linear/sync`: the panel's Sync button. The server applies completion both ways between
 * linked to-dos and their issues (a completed issue completes its to-do, a completed to-do moves
 * its issue to the completed state) and answers the open assigned issues, which replace the cached
 * list.
 */
import { linearSyncAnswerSchema, type LinearSyncAnswer } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { linearIssuesQueryKey } from './get-linear-issues';

/** Query-key root of the to-do lists (the to-dos and meetings features key theirs under it). */
const TODOS_QUERY_ROOT = ['todos'] as const;

/** Runs a sync. Throws `ApiRequestError` with the documented wording on failure. */
export function syncLinear(): Promise<LinearSyncAnswer> {
  return apiFetch('/linear/sync', linearSyncAnswerSchema, { method: 'POST' });
}

/** Mutation that syncs, puts the answered issues in the cache and reloads the to-do lists. */
export function useSyncLinear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncLinear,
    onSuccess: (answer) => {
      queryClient.setQueryData(linearIssuesQueryKey, answer.issues);
      if (answer.todosCompleted > 0) {
        void queryClient.invalidateQueries({ queryKey: TODOS_QUERY_ROOT });
      }
    },
  });
}
