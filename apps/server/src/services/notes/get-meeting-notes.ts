import type { MeetingNotes } from '@summy/core';
import type { Database } from '@summy/db';
import { assertOwnMeetings } from '../meetings/assert-own-meetings.ts';
import { readNotes } from './read-notes.ts';

/**
 * The user's My notes of one of their meetings (`GET /api/meetings/{id}/notes`): empty blocks and
 * `updatedAt` null when none were saved. docs/product.md#my-notes.
 * @throws NotFoundError 'Meeting not found' when the meeting does not exist or is another user's
 */
export async function getMeetingNotes(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<MeetingNotes> {
  await assertOwnMeetings(db, userId, [meetingId]);
  return readNotes(db, userId, meetingId);
}
