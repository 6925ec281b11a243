/**
 * `PATCH /api/todos/:id` from the to-do screen: title, star and completion ("The priority star
 * toggles immediately (optimistic) and reverts by reload on failure"; "Completing sets completed_at
 * to now"). Every change shows in the cached list before the request and is put back, then re-read,
 * when the server refuses it.
 */
import {
  applyTodoUpdate,
  sortTodos,
  todoSchema,
  type Todo,
  type UpdateTodoInput,
} from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { todoListQueryKey } from './get-todos';

/** Updates a to-do. Throws `ApiRequestError` (404 when it is gone). */
export function updateTodo(id: string, input: UpdateTodoInput): Promise<Todo> {
  return apiFetch(`/todos/${encodeURIComponent(id)}`, todoSchema, {
    method: 'PATCH',
    json: input,
  });
}

/** Variables of {@link useUpdateTodo}. */
export interface UpdateTodoVariables {
  id: string;
  input: UpdateTodoInput;
}

/** The cached list before an optimistic change, to put back on failure. */
interface Snapshot {
  previous: Todo[] | undefined;
}

/**
 * Mutation that updates one to-do optimistically in the list (re-sorted, so a completed one moves
 * to Completed at once) and restores the list when the request fails; the caller shows the
 * toasts. The list is re-read afterwards either way.
 */
export function useUpdateTodo() {
  const queryClient = useQueryClient();
  return useMutation<Todo, Error, UpdateTodoVariables, Snapshot>({
    mutationFn: ({ id, input }) => updateTodo(id, input),
    onMutate: async ({ id, input }) => {
      // A refetch landing after the optimistic write would put the old value back.
      await queryClient.cancelQueries({ queryKey: todoListQueryKey });
      const previous = queryClient.getQueryData<Todo[]>(todoListQueryKey);
      if (previous) {
        queryClient.setQueryData<Todo[]>(
          todoListQueryKey,
          sortTodos(previous.map((t) => (t.id === id ? applyTodoUpdate(t, input) : t))),
        );
      }
      return { previous };
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot?.previous) queryClient.setQueryData(todoListQueryKey, snapshot.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['todos'] }),
  });
}
