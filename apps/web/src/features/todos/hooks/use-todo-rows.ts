/**
 * The list's row state and handlers: which to-do is in title edit, the one 'Add to-do' just made
 * (ending its first edit empty discards it), the one the address names, and each row's changes
 * (title, completion with 'Saved', star, delete with its undo), rolled back with 'Error' when the
 * server refuses.
 */
import { TODO_MESSAGES, type Todo } from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { FOCUS_TODO_PARAM } from '@/lib/todo-href';
import { deleteTodo, removeTodoFromCache } from '../api/delete-todo';
import { useUpdateTodo } from '../api/update-todo';
import type { TodoItemProps } from '../components/todo-item';
import { useNewTodoId } from './use-add-todo';
import { usePendingDeletes, type PendingDeletes } from './use-pending-deletes';

const failedUpdate = () =>
  toast.error(TODO_MESSAGES.errorTitle, { description: TODO_MESSAGES.updateFailed });

/** What {@link useTodoRows} answers. */
export interface TodoRows {
  /** To-dos deleted a moment ago (their undo is still open): the list leaves them out. */
  pendingDeletes: PendingDeletes;
  /** The props of one to-do's row. */
  itemProps: (todo: Todo) => TodoItemProps;
}

/** Title-edit state and the row handlers of the to-do list. */
export function useTodoRows(): TodoRows {
  const queryClient = useQueryClient();
  const update = useUpdateTodo();
  const { pending: pendingDeletes, remove } = usePendingDeletes();
  const { newTodoId, clear: clearNewTodoId } = useNewTodoId();
  const [editingId, setEditingId] = useState<string | null>(null);
  // The to-do a link opened (`/todos?todo={id}`, e.g. an action item from the meeting view).
  const focusId = useSearchParams()[0].get(FOCUS_TODO_PARAM);
  // The to-do 'Add to-do' made last; while its first edit is open, ending it empty discards it.
  const [addedId, setAddedId] = useState<string | null>(null);
  if (newTodoId && newTodoId !== addedId) {
    setAddedId(newTodoId);
    setEditingId(newTodoId);
  }
  useEffect(() => {
    // Opened: a later visit to the screen must not open it again.
    if (newTodoId) clearNewTodoId();
  }, [newTodoId, clearNewTodoId]);

  const discard = (todo: Todo) => {
    removeTodoFromCache(queryClient, todo.id);
    deleteTodo(todo.id).catch(() => void queryClient.invalidateQueries({ queryKey: ['todos'] }));
  };

  const itemProps = (todo: Todo): TodoItemProps => ({
    todo,
    editing: editingId === todo.id,
    isNew: addedId === todo.id,
    focused: focusId === todo.id,
    onEditStart: (t: Todo) => setEditingId(t.id),
    onEditEnd: (t: Todo, savedTitle: string) => {
      setEditingId((current) => (current === t.id ? null : current));
      if (addedId !== t.id) return;
      setAddedId(null);
      if (!savedTitle) discard(t);
    },
    onSaveTitle: (t: Todo, title: string) =>
      update.mutate({ id: t.id, input: { title } }, { onError: failedUpdate }),
    onToggleCompleted: (t: Todo, completed: boolean) =>
      update.mutate(
        { id: t.id, input: { completed } },
        {
          onSuccess: () => {
            if (completed) toast.success(TODO_MESSAGES.saved);
          },
          onError: failedUpdate,
        },
      ),
    onToggleStar: (t: Todo) =>
      update.mutate({ id: t.id, input: { priority: !t.priority } }, { onError: failedUpdate }),
    onDelete: (t: Todo) => {
      if (editingId === t.id) setEditingId(null);
      remove(t);
    },
  });

  return { pendingDeletes, itemProps };
}
