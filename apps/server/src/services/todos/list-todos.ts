import { and, asc, desc, eq } from 'drizzle-orm';
import type { Todo } from '@summy/core';
import { meetings, todos, type Database } from '@summy/db';
import { toTodo } from './to-todo.ts';

/**
 * The user's to-dos in the to-do screen's order (the order of `compareTodos` in @summy/core),
 * optionally only those of one meeting, each with its source meeting's title and date for the
 * screen's link (`meetingTitle`, `meetingDate`, null without a meeting). Within each group the newest comes first (`created_at`
 * descending). Only rows owned by the user are read; rows without an owner cannot exist
 * (docs/decisions/002-todos-always-have-an-owner.md), and a to-do's meeting is its owner's.
 */
export async function listTodos(
  db: Database,
  userId: string,
  { meetingId }: { meetingId?: string | undefined } = {},
): Promise<Todo[]> {
  const rows = await db
    .select({ todo: todos, meetingTitle: meetings.title, meetingDate: meetings.date })
    .from(todos)
    .leftJoin(meetings, and(eq(meetings.id, todos.meetingId), eq(meetings.userId, userId)))
    .where(and(eq(todos.userId, userId), meetingId ? eq(todos.meetingId, meetingId) : undefined))
    .orderBy(asc(todos.completed), desc(todos.createdAt), desc(todos.id));
  return rows.map(({ todo, meetingTitle, meetingDate }) => ({
    ...toTodo(todo),
    meetingTitle,
    meetingDate: meetingDate?.toISOString() ?? null,
  }));
}
