/**
 * `POST /api/todos/:id/linear`: 'Send to Linear' on an action item. The server creates the issue in
 * the chosen team (title, a description linking back to the meeting, assigned to the user) and
 * links it to the to-do, so completing either side completes the other at the next sync. Answers
 * the linked to-do.
 */
import { todoSchema, type Todo } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { linearIssuesQueryKey } from './get-linear-issues';

/** Sends one to-do (an action item is a to-do row) to Linear. Throws `ApiRequestError`. */
export function sendTodoToLinear(todoId: string, teamId: string): Promise<Todo> {
  return apiFetch(`/todos/${encodeURIComponent(todoId)}/linear`, todoSchema, {
    method: 'POST',
    json: { teamId },
  });
}

/** Variables of {@link useSendTodoToLinear}. */
export interface SendTodoToLinearVariables {
  todoId: string;
  teamId: string;
}

/**
 * Mutation that sends a to-do to Linear; the new issue is assigned to the user, so the cached
 * issue list is marked stale (fetched again when next shown).
 */
export function useSendTodoToLinear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ todoId, teamId }: SendTodoToLinearVariables) => sendTodoToLinear(todoId, teamId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linearIssuesQueryKey }),
  });
}
