import type { Todo } from '@summy/core';
import type { todos } from '@summy/db';
import { toActionItem } from '../meetings/to-meeting.ts';

/** A stored to-do in the app's shape. */
export function toTodo(row: typeof todos.$inferSelect): Todo {
  return {
    ...toActionItem(row),
    createdAt: row.createdAt.toISOString(),
    dueDate: row.dueDate?.toISOString() ?? null,
    linearIssueId: row.linearIssueId,
    linearIssueUrl: row.linearIssueUrl,
  };
}
