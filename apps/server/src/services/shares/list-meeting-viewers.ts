/** `GET /api/meetings/{id}/viewers`: who may read one of the user's meetings. */
import { and, asc, eq } from 'drizzle-orm';
import type { MeetingViewer } from '@summy/core';
import { meetingViewers, user, type Database } from '@summy/db';
import { assertOwnMeetings } from '../meetings/assert-own-meetings.ts';

/**
 * The meeting's viewers, first added first.
 * @throws NotFoundError when the meeting does not exist or is another user's
 */
export async function listMeetingViewers(
  db: Database,
  ownerId: string,
  meetingId: string,
): Promise<MeetingViewer[]> {
  await assertOwnMeetings(db, ownerId, [meetingId]);
  const rows = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      addedAt: meetingViewers.createdAt,
    })
    .from(meetingViewers)
    .innerJoin(user, eq(user.id, meetingViewers.viewerId))
    .where(and(eq(meetingViewers.meetingId, meetingId), eq(meetingViewers.ownerId, ownerId)))
    .orderBy(asc(meetingViewers.createdAt), asc(user.email));
  return rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString() }));
}
