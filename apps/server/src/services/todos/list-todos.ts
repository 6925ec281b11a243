import { and, desc, eq } from 'drizzle-orm';
import type { Todo } from '@summy/core';
import { todos, type Database } from '@summy/db';
import { toTodo } from './to-todo.ts';

/**
 * The user's to-dos, `created_at` descending (spec 000 section 7), optionally only those of one
 * meeting. Only rows owned by the user are read; rows without an owner cannot exist
 * (docs/decisions/002-todos-always-have-an-owner.md).
 */
export async function listTodos(
  db: Database,
  userId: string,
  { meetingId }: { meetingId?: string | undefined } = {},
): Promise<Todo[]> {
  const rows = await db
    .select()
    .from(todos)
    .where(and(eq(todos.userId, userId), meetingId ? eq(todos.meetingId, meetingId) : undefined))
    .orderBy(desc(todos.createdAt), desc(todos.id));
  return rows.map(toTodo);
}
