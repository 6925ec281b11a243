import type { Todo } from '@summy/core';

/** To-dos the dashboard shows (recent incomplete to-dos 4). */
export const RECENT_TODOS = 4;

/**
 * The dashboard's 'Recent to-dos': incomplete to-dos, newest first (ties by id, so the order is
 * stable), at most `limit`. A to-do with an unreadable date goes last rather than breaking the
 * order.
 */
export function recentIncompleteTodos(todos: readonly Todo[], limit = RECENT_TODOS): Todo[] {
  const time = (todo: Todo) => {
    const ms = Date.parse(todo.createdAt);
    return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
  };
  return todos
    .filter((todo) => !todo.completed)
    .sort((a, b) => time(b) - time(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit);
}
