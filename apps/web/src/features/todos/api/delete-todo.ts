/**
 * `DELETE /api/todos/:id`: the permanent deletion at the end of the undo window (see
 * hooks/use-pending-deletes.ts), and the discarding of a just-added to-do that was left without a
 * title.
 */
import type { Todo } from '@summy/core';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '@/lib/api-client';
import { todoListQueryKey } from './get-todos';

/**
 * Deletes a to-do. A to-do that is already gone (404, e.g. deleted in another tab) counts as
 * deleted. Throws `ApiRequestError` otherwise.
 */
export async function deleteTodo(id: string): Promise<void> {
  try {
    await apiFetch(`/todos/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return;
    throw error;
  }
}

/** Drops a deleted to-do from the cached list, so it does not flash back before the refetch. */
export function removeTodoFromCache(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<Todo[]>(todoListQueryKey, (list) => list?.filter((t) => t.id !== id));
}
