import { and, eq, sql } from 'drizzle-orm';
import type { Meeting, UpdateMeetingInput } from '@summy/core';
import { meetings, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { getMeeting } from './get-meeting.ts';
import { meetingColumns } from './meeting-columns.ts';

/**
 * Updates one of the user's meetings and stamps `updated_at`.
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function updateMeeting(
  db: Database,
  userId: string,
  id: string,
  input: UpdateMeetingInput,
): Promise<Meeting> {
  const owned = and(eq(meetings.id, id), eq(meetings.userId, userId));
  let current: unknown = null;
  if (input.topics !== undefined) {
    const [row] = await db.select({ s: meetings.summaryData }).from(meetings).where(owned);
    if (!row) throw new NotFoundError('Meeting');
    current = row.s;
  }
  const updated = await db
    .update(meetings)
    .set({ ...meetingColumns(input, current), updatedAt: sql`now()` })
    .where(owned)
    .returning({ id: meetings.id });
  if (updated.length === 0) throw new NotFoundError('Meeting');
  return getMeeting(db, userId, id);
}
