import type { CreateMeetingInput, Meeting } from '@summy/core';
import { meetings, type Database } from '@summy/db';
import { toMeeting } from './to-meeting.ts';
import { meetingColumns } from './meeting-columns.ts';

/** Creates a meeting owned by the user; absent fields take the schema defaults. */
export async function createMeeting(
  db: Database,
  userId: string,
  input: CreateMeetingInput,
): Promise<Meeting> {
  const [row] = await db
    .insert(meetings)
    .values({ ...meetingColumns(input, null), userId })
    .returning();
  return toMeeting(row!, []);
}
