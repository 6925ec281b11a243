/**
 * Deletion with undo ("Deletion hides the item at once, shows a 'Deleted' notice with Undo, and
 * deletes permanently after 5 s unless undone. If permanent deletion fails, an error notice shows
 * and the item returns"). The server hears nothing until the window ends, so closing the tab inside
 * it keeps the to-do: no `beforeunload` flush, no `keepalive` request.
 *
 * The pending deletions live in this module rather than in a component, so leaving /todos inside
 * the window still deletes when it ends, and the realtime refetches of the list cannot bring a
 * hidden to-do back.
 */
import { TODO_MESSAGES, TODO_TIMINGS, type Todo } from '@summy/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';
import { deleteTodo, removeTodoFromCache } from '../api/delete-todo';

/** To-do id → when it was deleted (ISO 8601), for every deletion still inside its undo window. */
export type PendingDeletes = ReadonlyMap<string, string>;

let pending: PendingDeletes = new Map();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function setPending(next: PendingDeletes): void {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function forget(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (!pending.has(id)) return;
  const next = new Map(pending);
  next.delete(id);
  setPending(next);
}

/** Brings a pending to-do back; a no-op once its window is over (the Undo came too late). */
export function undoDelete(id: string): void {
  forget(id);
}

async function commit(queryClient: QueryClient, id: string): Promise<void> {
  timers.delete(id);
  try {
    await deleteTodo(id);
    removeTodoFromCache(queryClient, id);
  } catch {
    toast.error(TODO_MESSAGES.errorTitle, { description: TODO_MESSAGES.deleteFailed });
  } finally {
    forget(id);
    void queryClient.invalidateQueries({ queryKey: ['todos'] });
  }
}

/**
 * Hides `todo` at once, shows 'Deleted' with Undo for the 5 s window, and sends the deletion when
 * the window ends unless Undo was pressed. Deleting an already pending to-do does nothing.
 */
export function scheduleDelete(queryClient: QueryClient, todo: Pick<Todo, 'id' | 'title'>): void {
  if (pending.has(todo.id)) return;
  setPending(new Map(pending).set(todo.id, new Date().toISOString()));
  timers.set(
    todo.id,
    setTimeout(() => void commit(queryClient, todo.id), TODO_TIMINGS.undoMs),
  );
  toast(TODO_MESSAGES.deleted, {
    description: todo.title || undefined,
    duration: TODO_TIMINGS.undoMs,
    action: { label: TODO_MESSAGES.undo, onClick: () => undoDelete(todo.id) },
  });
}

/**
 * The deletions inside their undo window (`deletedAt` per to-do id) and the function that starts
 * one ({@link scheduleDelete}).
 */
export function usePendingDeletes(): {
  pending: PendingDeletes;
  remove: (todo: Pick<Todo, 'id' | 'title'>) => void;
} {
  const queryClient = useQueryClient();
  const current = useSyncExternalStore(subscribe, () => pending);
  const remove = useCallback(
    (todo: Pick<Todo, 'id' | 'title'>) => scheduleDelete(queryClient, todo),
    [queryClient],
  );
  return { pending: current, remove };
}
