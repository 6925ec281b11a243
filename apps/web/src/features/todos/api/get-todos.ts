/**
 * `GET /api/todos`: the user's to-dos for the to-do screen, incomplete before complete and newest
 * first, each with its source meeting's title. The key sits under the `todos` root, which the
 * realtime layer refreshes when any of the user's to-dos changes in another tab or in the pipeline
 * (lib/realtime.ts).
 */
import { todoSchema, type Todo } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of the to-do screen's list: `['todos', 'list']`. */
export const todoListQueryKey = ['todos', 'list'] as const;

const todoListSchema = todoSchema.array();

/** Fetches the user's to-dos. Throws `ApiRequestError`. */
export function getTodos(signal?: AbortSignal): Promise<Todo[]> {
  return apiFetch('/todos', todoListSchema, { signal });
}

/** Query options of the to-do list. */
export function getTodosQueryOptions() {
  return queryOptions({ queryKey: todoListQueryKey, queryFn: ({ signal }) => getTodos(signal) });
}

/** The user's to-dos, kept fresh by realtime invalidations. */
export function useTodos() {
  return useQuery(getTodosQueryOptions());
}
