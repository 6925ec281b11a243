/**
 * The address of one to-do on the to-do screen: `/todos?todo={id}`. The meeting view links an
 * action item there (it is already one of the user's to-dos), and the to-do screen scrolls to that
 * row, highlights it and moves the focus to it. Shared here because features do not import each
 * other.
 */

/** The search parameter naming the to-do to show. */
export const FOCUS_TODO_PARAM = 'todo';

/** `/todos?todo={id}` for a to-do id. */
export function todoHref(todoId: string): string {
  return `/todos?${new URLSearchParams({ [FOCUS_TODO_PARAM]: todoId })}`;
}
