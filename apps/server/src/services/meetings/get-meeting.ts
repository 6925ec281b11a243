import { and, asc, eq } from 'drizzle-orm';
import type { Meeting } from '@summy/core';
import { meetings, todos, type Database } from '@summy/db';
import { NotFoundError } from '../../http/errors.ts';
import { toMeeting } from './to-meeting.ts';

/**
 * One of the user's meetings with its action items, in the app's shape.
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function getMeeting(db: Database, userId: string, id: string): Promise<Meeting> {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.userId, userId)));
  if (!row) throw new NotFoundError('Meeting');
  const items = await db
    .select()
    .from(todos)
    .where(and(eq(todos.meetingId, id), eq(todos.userId, userId)))
    .orderBy(asc(todos.createdAt));
  return toMeeting(row, items);
}
