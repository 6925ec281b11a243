/** `DELETE /api/meetings/{id}/speaker-suggestions/{label}`: the user dismisses a suggested name. */
import { and, eq, sql } from 'drizzle-orm';
import type { Meeting } from '@summy/core';
import { meetings, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { getMeeting } from './get-meeting.ts';

/**
 * Removes the suggestion for `label` (absent: nothing changes).
 * @returns the meeting as `GET /api/meetings/{id}` answers it
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function dismissSpeakerSuggestion(
  db: Database,
  userId: string,
  id: string,
  label: string,
): Promise<Meeting> {
  const updated = await db
    .update(meetings)
    .set({ speakerSuggestions: sql`${meetings.speakerSuggestions} - ${label}::text` })
    .where(and(eq(meetings.id, id), eq(meetings.userId, userId)))
    .returning({ id: meetings.id });
  if (updated.length === 0) throw new NotFoundError('Meeting');
  return getMeeting(db, userId, id);
}
