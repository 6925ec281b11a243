/**
 * `PATCH /api/todos/:id` for an action item of a meeting (toggling completed stamps completedAt).
 * The change shows at once in the meeting's cached detail and is rolled back if the server refuses
 * it.
 */
import {
  applyTodoUpdate,
  todoSchema,
  type Meeting,
  type Todo,
  type UpdateTodoInput,
} from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingQueryKey } from './get-meeting';

/** Query key root of to-do lists elsewhere in the app, refreshed after an action item changes. */
export const todosQueryKey = ['todos'] as const;

/** Updates an action item (a to-do row). Throws `ApiRequestError`. */
export function updateActionItem(id: string, input: UpdateTodoInput): Promise<Todo> {
  return apiFetch(`/todos/${encodeURIComponent(id)}`, todoSchema, { method: 'PATCH', json: input });
}

/** Variables of {@link useUpdateActionItem}. */
export interface UpdateActionItemVariables {
  id: string;
  input: UpdateTodoInput;
}

/** What the cache looked like before an optimistic change, to put back on failure. */
interface Snapshot {
  previous: Meeting | undefined;
}

/**
 * Mutation that updates one action item of `meetingId`, optimistically: the meeting's cached
 * action item changes before the request, and is restored when it fails (the caller shows the
 * toast).
 */
export function useUpdateActionItem(meetingId: string) {
  const queryClient = useQueryClient();
  const key = meetingQueryKey(meetingId);
  return useMutation<Todo, Error, UpdateActionItemVariables, Snapshot>({
    mutationFn: ({ id, input }) => updateActionItem(id, input),
    onMutate: async ({ id, input }) => {
      // A refetch landing after the optimistic write would put the old value back.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Meeting>(key);
      if (previous) {
        queryClient.setQueryData<Meeting>(key, {
          ...previous,
          actionItems: previous.actionItems.map((item) =>
            item.id === id ? applyTodoUpdate(item, input) : item,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot?.previous) queryClient.setQueryData(key, snapshot.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: todosQueryKey });
    },
  });
}
