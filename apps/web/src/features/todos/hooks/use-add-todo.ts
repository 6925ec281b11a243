/**
 * 'Add to-do' ("A new to-do is created empty and goes straight into title edit"; toasts 'Created' /
 * 'Error'). The button sits in the page header while the list draws the editor, so the id of the
 * to-do to open in title edit is shared through this module.
 */
import { TODO_MESSAGES } from '@summy/core';
import { useCallback, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';
import { useCreateTodo } from '../api/create-todo';

let newTodoId: string | null = null;
const listeners = new Set<() => void>();

function setNewTodoId(id: string | null): void {
  newTodoId = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The just-added to-do that should open in title edit (null when none), and `clear` for the list
 * once it has opened the editor.
 */
export function useNewTodoId(): { newTodoId: string | null; clear: () => void } {
  const id = useSyncExternalStore(subscribe, () => newTodoId);
  const clear = useCallback(() => setNewTodoId(null), []);
  return { newTodoId: id, clear };
}

/** Creates an empty to-do, toasts 'Created', and asks the list to open it in title edit. */
export function useAddTodo(): { add: () => void; isPending: boolean } {
  const { mutate, isPending } = useCreateTodo();
  const add = useCallback(() => {
    mutate(
      { title: '' },
      {
        onSuccess: (todo) => {
          setNewTodoId(todo.id);
          toast.success(TODO_MESSAGES.created);
        },
        onError: () =>
          toast.error(TODO_MESSAGES.errorTitle, { description: TODO_MESSAGES.createFailed }),
      },
    );
  }, [mutate]);
  return { add, isPending };
}
