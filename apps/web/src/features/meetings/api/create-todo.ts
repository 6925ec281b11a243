/**
 * `POST /api/todos`: creates a to-do. The meeting view uses it to copy an action item into the
 * user's personal to-dos (spec 000 section 2 "Tasks mode", section 8 "Add action item to to-dos").
 */
import { todoSchema, type CreateTodoInput, type Todo } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { todosQueryKey } from './update-action-item';

/** Creates a to-do and answers it as saved. Throws `ApiRequestError`. */
export function createTodo(input: CreateTodoInput): Promise<Todo> {
  return apiFetch('/todos', todoSchema, { method: 'POST', json: input });
}

/** The item fields copied into a personal to-do. */
export interface ActionItemCopy {
  title: string;
  description: string | null;
  assignedTo: string | null;
}

/**
 * The body that turns an action item into a personal to-do: the same title, description and
 * assignee with no meeting, so it lives in the to-do list rather than under the meeting.
 */
export function personalTodoFrom(item: ActionItemCopy): CreateTodoInput {
  return {
    title: item.title,
    description: item.description,
    assignedTo: item.assignedTo,
    meetingId: null,
  };
}

/** Mutation that creates a to-do and refreshes the to-do lists. */
export function useCreateTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTodo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todosQueryKey }),
  });
}
