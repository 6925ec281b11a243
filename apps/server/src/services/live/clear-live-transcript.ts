/**
 * The final transcript replaces the live draft: when the pipeline saves a meeting's transcript,
 * the live segments are deleted and the session is 'ended' in the same transaction, so a reader
 * never sees both, nor neither.
 */
import { eq } from 'drizzle-orm';
import { liveSegments, liveSessions, type Database } from '@summy/db';

/**
 * Deletes the meeting's live segments and marks its live session 'ended' (a live job still
 * flushing then saves nothing more: its writes require state 'live').
 * @param tx the transaction that saves the transcript
 * @returns whether the meeting had a live session (its owner's browsers are then told 'ended')
 */
export async function clearLiveTranscript(tx: Database, meetingId: string): Promise<boolean> {
  await tx.delete(liveSegments).where(eq(liveSegments.meetingId, meetingId));
  const sessions = await tx
    .update(liveSessions)
    .set({ state: 'ended' })
    .where(eq(liveSessions.meetingId, meetingId))
    .returning({ meetingId: liveSessions.meetingId });
  return sessions.length > 0;
}
