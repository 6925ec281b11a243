/**
 * Answering a likely-done suggestion of a meeting: confirming completes the to-do (as the to-do
 * list would, webhooks included) and dismissing only forgets the suggestion. Either way the
 * suggestion leaves the meeting.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { MeetingSeries } from '@summy/core';
import { meetings, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { updateTodo } from '../todos/update-todo.ts';
import type { WebhookEventDeps } from '../webhooks/enqueue-webhook-event.ts';
import { getMeetingSeries } from './get-meeting-series.ts';
import { readSeriesMeeting } from './series-items.ts';

async function forget(db: Database, userId: string, meetingId: string, todoId: string) {
  await db
    .update(meetings)
    .set({
      likelyDone: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${meetings.likelyDone}) e where e->>'todoId' <> ${todoId}), '[]'::jsonb)`,
    })
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
}

async function suggested(db: Database, userId: string, meetingId: string, todoId: string) {
  const meeting = await readSeriesMeeting(db, userId, meetingId);
  if (!meeting.likelyDone.some((d) => d.todoId === todoId)) {
    throw new NotFoundError('Suggestion');
  }
}

/**
 * Dismisses the suggestion that `todoId` is done; the to-do stays open.
 * @returns the meeting's series as `GET /api/meetings/:id/series` answers it
 * @throws NotFoundError when the meeting is not the user's or suggests no such item
 */
export async function dismissLikelyDone(
  db: Database,
  userId: string,
  meetingId: string,
  todoId: string,
): Promise<MeetingSeries> {
  await suggested(db, userId, meetingId, todoId);
  await forget(db, userId, meetingId, todoId);
  return getMeetingSeries(db, userId, meetingId);
}

/**
 * Confirms that `todoId` is done: completes the to-do (`completed_at` now; `todo.completed` sent
 * to the user's webhooks when `notify` is given) and removes the suggestion.
 * @returns the meeting's series as `GET /api/meetings/:id/series` answers it
 * @throws NotFoundError when the meeting is not the user's, suggests no such item, or the to-do
 *   was deleted meanwhile
 */
export async function confirmLikelyDone(
  db: Database,
  userId: string,
  meetingId: string,
  todoId: string,
  notify?: WebhookEventDeps,
): Promise<MeetingSeries> {
  await suggested(db, userId, meetingId, todoId);
  await updateTodo(db, userId, todoId, { completed: true }, notify);
  await forget(db, userId, meetingId, todoId);
  return getMeetingSeries(db, userId, meetingId);
}
