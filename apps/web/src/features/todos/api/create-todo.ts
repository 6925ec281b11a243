/**
 * `POST /api/todos` from the to-do screen: 'Add to-do' creates an empty to-do that goes straight
 * into title edit, with the 'Created' toast, or 'Error' / 'Failed to create to-do'.
 */
import { todoSchema, type CreateTodoInput, type Todo } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { todoListQueryKey } from './get-todos';

/** Creates a to-do and answers it as saved. Throws `ApiRequestError`. */
export function createTodo(input: CreateTodoInput): Promise<Todo> {
  return apiFetch('/todos', todoSchema, { method: 'POST', json: input });
}

/**
 * Mutation that creates a to-do and puts it at the top of the cached list at once (the server's
 * change event then refreshes the list; the caller opens the title editor on the answer).
 */
export function useCreateTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTodo,
    onSuccess: (todo) => {
      queryClient.setQueryData<Todo[]>(todoListQueryKey, (list) =>
        list ? [todo, ...list.filter((t) => t.id !== todo.id)] : [todo],
      );
    },
  });
}
