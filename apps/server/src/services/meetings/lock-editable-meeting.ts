/** The first step of a user's edit of a meeting's transcript or speakers, inside its transaction. */
import { and, eq } from 'drizzle-orm';
import { meetings, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { MeetingBusyError } from './retranscribe-meeting.ts';

/**
 * Reads and locks (`for update`, until the transaction ends) the parts of one of the user's
 * meetings that transcript and speaker edits change, so two edits cannot interleave.
 * @param tx the edit's transaction
 * @returns its transcript, speaker map and summary data as stored
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 * @throws MeetingBusyError 409 while it is being recorded or processed (its transcript is replaced)
 */
export async function lockEditableMeeting(tx: Database, userId: string, id: string) {
  const [row] = await tx
    .select({
      transcript: meetings.transcript,
      speakerNames: meetings.speakerNames,
      summaryData: meetings.summaryData,
      isProcessing: meetings.isProcessing,
      isRecording: meetings.isRecording,
    })
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.userId, userId)))
    .for('update');
  if (!row) throw new NotFoundError('Meeting');
  if (row.isProcessing || row.isRecording) throw new MeetingBusyError();
  return row;
}
