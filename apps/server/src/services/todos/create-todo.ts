import { and, eq } from 'drizzle-orm';
import type { CreateTodoInput, Todo } from '@summy/core';
import { starToPriority } from '@summy/core';
import { meetings, todos, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { toTodo } from './to-todo.ts';
import {
  enqueueWebhookEvent,
  todoEventData,
  type WebhookEventDeps,
} from '../webhooks/enqueue-webhook-event.ts';

/**
 * Creates a to-do owned by the user; `user_id` is always set. Completing at creation stamps
 * `completed_at`. With `notify`, `todo.created` goes to the user's webhooks (the demo builder,
 * writing inside its transaction, passes none).
 * @throws NotFoundError when `meetingId` names a meeting the user does not own
 */
export async function createTodo(
  db: Database,
  userId: string,
  input: CreateTodoInput,
  notify?: WebhookEventDeps,
): Promise<Todo> {
  if (input.meetingId) {
    const [m] = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(and(eq(meetings.id, input.meetingId), eq(meetings.userId, userId)));
    if (!m) throw new NotFoundError('Meeting');
  }
  const completed = input.completed ?? false;
  const [row] = await db
    .insert(todos)
    .values({
      userId,
      title: input.title,
      description: input.description ?? null,
      assignedTo: input.assignedTo ?? null,
      completed,
      completedAt: completed ? new Date() : null,
      priority: starToPriority(input.priority ?? false),
      meetingId: input.meetingId ?? null,
      dueDate: input.dueDate ? new Date(input.dueDate) : null,
    })
    .returning();
  const todo = toTodo(row!);
  if (notify) await enqueueWebhookEvent(notify, userId, 'todo.created', todoEventData(todo));
  return todo;
}
