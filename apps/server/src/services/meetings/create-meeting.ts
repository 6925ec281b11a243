import type { CreateMeetingInput, Meeting } from '@summy/core';
import { meetings, type Database } from '@summy/db';
import { toMeeting } from './to-meeting.ts';
import { meetingColumns } from './meeting-columns.ts';

/**
 * Creates a meeting owned by the user; absent fields take the schema defaults.
 * @param notesEngine the text engine that wrote the notes given in `input` ('offline',
 *   'provider:model'), for Summy's own writers such as the demo; null (the API's case) when unknown
 */
export async function createMeeting(
  db: Database,
  userId: string,
  input: CreateMeetingInput,
  notesEngine: string | null = null,
): Promise<Meeting> {
  const [row] = await db
    .insert(meetings)
    .values({ ...meetingColumns(input, null), userId, notesEngine })
    .returning();
  return toMeeting(row!, []);
}
