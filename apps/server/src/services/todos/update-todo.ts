import { and, eq, sql } from 'drizzle-orm';
import type { Todo, UpdateTodoInput } from '@summy/core';
import { starToPriority } from '@summy/core';
import { todos, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { toTodo } from './to-todo.ts';
import {
  enqueueWebhookEvent,
  todoEventData,
  type WebhookEventDeps,
} from '../webhooks/enqueue-webhook-event.ts';

/**
 * Updates one of the user's to-dos. Completing sets `completed_at` to now, un-completing clears it;
 * the star maps to priority high or none. With `notify`, completing an open to-do sends
 * `todo.completed` to the user's webhooks.
 * @throws NotFoundError when the to-do does not exist or belongs to another user
 */
export async function updateTodo(
  db: Database,
  userId: string,
  id: string,
  input: UpdateTodoInput,
  notify?: WebhookEventDeps,
): Promise<Todo> {
  const set: Partial<typeof todos.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description;
  if (input.assignedTo !== undefined) set.assignedTo = input.assignedTo;
  if (input.dueDate !== undefined) set.dueDate = input.dueDate ? new Date(input.dueDate) : null;
  if (input.priority !== undefined) set.priority = starToPriority(input.priority);
  if (input.completed !== undefined) {
    set.completed = input.completed;
    set.completedAt = input.completed ? new Date() : null;
  }
  // Only a to-do that was open is newly completed.
  const [before] =
    notify && input.completed
      ? await db
          .select({ completed: todos.completed })
          .from(todos)
          .where(and(eq(todos.id, id), eq(todos.userId, userId)))
      : [];
  const [row] = await db
    .update(todos)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(todos.id, id), eq(todos.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError('To-do');
  const todo = toTodo(row);
  if (notify && before?.completed === false && todo.completed) {
    await enqueueWebhookEvent(notify, userId, 'todo.completed', todoEventData(todo));
  }
  return todo;
}
