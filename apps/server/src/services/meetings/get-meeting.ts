import { and, asc, eq } from 'drizzle-orm';
import type { Meeting } from '@summy/core';
import { meetings, todos, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { keyFromAudioUrl, type Storage } from '../../storage/types.ts';
import { toMeeting } from './to-meeting.ts';

/**
 * One of the user's meetings with its action items, in the app's shape. With `storage`, a stored
 * recording's `audioUrl` is answered as a signed URL valid one hour.
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function getMeeting(
  db: Database,
  userId: string,
  id: string,
  storage?: Pick<Storage, 'signedUrl'>,
): Promise<Meeting> {
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
  const meeting = toMeeting(row, items);
  const key = storage && row.audioUrl ? keyFromAudioUrl(row.audioUrl) : undefined;
  if (storage && key) meeting.audioUrl = await storage.signedUrl(key);
  return meeting;
}
