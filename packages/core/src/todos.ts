/**
 * The to-do screen's rules (4 "To-dos", 5, 8 "To-dos" and 9): its constants, its texts, and the
 * order of the list. No I/O here.
 */
import type { Todo, UpdateTodoInput } from './contracts.ts';

/** Timings of the to-do screen, in milliseconds. */
export const TODO_TIMINGS = {
  /** "To-do undo window": a deleted to-do can be brought back for 5 s before it is deleted. */
  undoMs: 5_000,
  /** "Title-edit debounce": a title being typed is saved 500 ms after the last keystroke. */
  titleDebounceMs: 500,
} as const;

/** The screen's fixed texts: loading, empty, menu and toasts. */
export const TODO_MESSAGES = {
  loading: 'Loading to-dos...',
  emptyTitle: 'No to-dos yet',
  emptyDescription: 'Add a to-do to get started',
  addButton: 'Add to-do',
  deleteMenuItem: 'Delete to-do',
  /** Success toasts: 'Saved' on completing, 'Created', 'Deleted' (with Undo). */
  saved: 'Saved',
  created: 'Created',
  deleted: 'Deleted',
  undo: 'Undo',
  /** Every failure toast is titled 'Error' (load, create, update, delete). */
  errorTitle: 'Error',
  loadFailed: 'Failed to load to-dos',
  createFailed: 'Failed to create to-do',
  updateFailed: 'Failed to update to-do',
  deleteFailed: 'Failed to delete to-do',
} as const;

/** The fields {@link compareTodos} reads. */
export type TodoOrderFields = Pick<Todo, 'id' | 'completed' | 'createdAt'>;

/**
 * Incomplete before complete, then newest first; the id breaks ties of equal creation times
 * (descending, as the server's `ORDER BY ... id DESC`). For `Array.prototype.sort`.
 */
export function compareTodos(a: TodoOrderFields, b: TodoOrderFields): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  const byDate = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byDate !== 0) return byDate;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** A copy of `todos` in the screen's order ({@link compareTodos}). */
export function sortTodos<T extends TodoOrderFields>(todos: readonly T[]): T[] {
  return [...todos].sort(compareTodos);
}

/** The fields of a to-do or action item that `PATCH /api/todos/:id` changes. */
export interface UpdatableTodoFields {
  title: string;
  description: string | null;
  assignedTo: string | null;
  priority: boolean;
  completed: boolean;
  completedAt: string | null;
}

/**
 * `item` with a `PATCH /api/todos/:id` body applied as the server applies it, for optimistic
 * updates: the title trimmed, completing stamps `completedAt` with `now` and un-completing clears
 * it, a completion that does not change keeps its time.
 */
export function applyTodoUpdate<T extends UpdatableTodoFields>(
  item: T,
  input: UpdateTodoInput,
  now: Date = new Date(),
): T {
  const completed = input.completed ?? item.completed;
  return {
    ...item,
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.assignedTo !== undefined && { assignedTo: input.assignedTo }),
    ...(input.priority !== undefined && { priority: input.priority }),
    ...(input.dueDate !== undefined && 'dueDate' in item && { dueDate: input.dueDate }),
    completed,
    completedAt:
      completed === item.completed ? item.completedAt : completed ? now.toISOString() : null,
  };
}
