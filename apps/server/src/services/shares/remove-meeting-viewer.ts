/** `DELETE /api/meetings/{id}/viewers/{userId}`: take a viewer's access away. */
import { and, eq } from 'drizzle-orm';
import { meetingViewers, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';

/**
 * Removes the account's access to the meeting at once: its next read answers 404 and the meeting
 * leaves its 'Shared with me'.
 * @throws NotFoundError when the meeting is not the user's or the account is not its viewer
 */
export async function removeMeetingViewer(
  db: Database,
  ownerId: string,
  meetingId: string,
  viewerId: string,
): Promise<void> {
  const removed = await db
    .delete(meetingViewers)
    .where(
      and(
        eq(meetingViewers.meetingId, meetingId),
        eq(meetingViewers.ownerId, ownerId),
        eq(meetingViewers.viewerId, viewerId),
      ),
    )
    .returning({ meetingId: meetingViewers.meetingId });
  if (removed.length === 0) throw new NotFoundError('Viewer');
}
