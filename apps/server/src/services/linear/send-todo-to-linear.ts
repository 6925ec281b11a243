/**
 * `POST /api/todos/:id/linear`: creates a Linear issue from one of the user's to-dos or action
 * items, assigned to the user's Linear viewer, with a link back to the meeting, and links the to-do
 * to it so completion syncs both ways (sync-linear.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { todoPriorityToLinear, type Todo } from '@summy/core';
import { meetings, todos } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { TodoAlreadyLinkedError } from '../../integrations/linear/errors.ts';
import { toTodo } from '../todos/to-todo.ts';
import { linearViewer } from './linear-connection.ts';
import { withLinearToken, type LinearDeps } from '../../integrations/linear/tokens.ts';
import type { IssueCreateInput } from '../../integrations/linear/client.ts';

/** The issue's description: the to-do's own, then where it came from (markdown). */
export function issueDescription(
  description: string | null,
  meeting: { id: string; title: string } | undefined,
  publicUrl: string,
): string {
  const source = meeting
    ? `From the meeting [${meeting.title.replace(/[[\]]/g, '') || 'Untitled meeting'}](${publicUrl}/meeting/${meeting.id}) in Summy.`
    : `From Summy: ${publicUrl}/todos`;
  return description?.trim() ? `${description.trim()}\n\n${source}` : source;
}

/**
 * Creates the issue in `teamId` and stores its id and URL on the to-do.
 * @returns the to-do with `linearIssueId` / `linearIssueUrl`
 * @throws NotFoundError when the to-do is not the user's
 * @throws TodoAlreadyLinkedError when it is already linked
 * @throws LinearNotConnectedError, LinearRateLimitError, LinearApiError from Linear
 */
export async function sendTodoToLinear(
  deps: LinearDeps,
  userId: string,
  todoId: string,
  teamId: string,
): Promise<Todo> {
  const { db } = deps;
  const [row] = await db
    .select({ todo: todos, meetingTitle: meetings.title })
    .from(todos)
    .leftJoin(meetings, eq(meetings.id, todos.meetingId))
    .where(and(eq(todos.id, todoId), eq(todos.userId, userId)));
  if (!row) throw new NotFoundError('To-do');
  const { todo } = row;
  if (todo.linearIssueId) throw new TodoAlreadyLinkedError(todo.linearIssueUrl);

  const viewer = await linearViewer(deps, userId);
  const priority = todoPriorityToLinear(todo.priority);
  const input: IssueCreateInput = {
    title: todo.title.trim() || 'Untitled to-do',
    description: issueDescription(
      todo.description,
      todo.meetingId ? { id: todo.meetingId, title: row.meetingTitle ?? '' } : undefined,
      deps.publicUrl,
    ),
    teamId,
    assigneeId: viewer.id,
    ...(priority ? { priority } : {}),
  };
  const issue = await withLinearToken(deps, userId, (token) =>
    deps.client.issueCreate(token, input),
  );
  // Only while still unlinked: of two sends at once, the first to land is kept.
  const [linked] = await db
    .update(todos)
    .set({ linearIssueId: issue.id, linearIssueUrl: issue.url, updatedAt: new Date() })
    .where(and(eq(todos.id, todoId), eq(todos.userId, userId), isNull(todos.linearIssueId)))
    .returning();
  if (!linked) {
    const [now] = await db.select().from(todos).where(eq(todos.id, todoId));
    if (!now) throw new NotFoundError('To-do');
    throw new TodoAlreadyLinkedError(now.linearIssueUrl);
  }
  return toTodo(linked);
}
