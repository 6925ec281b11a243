import { and, eq } from 'drizzle-orm';
import { meetingGroupMembers, meetingGroups, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { assertOwnMeetings } from '../meetings/assert-own-meetings.ts';

/**
 * Adds a meeting to a group. A duplicate membership is ignored.
 * @returns whether a new membership was written
 * @throws NotFoundError when the group or the meeting is not the user's
 */
export async function addGroupMember(
  db: Database,
  userId: string,
  groupId: string,
  meetingId: string,
): Promise<{ added: boolean }> {
  const [group] = await db
    .select({ id: meetingGroups.id })
    .from(meetingGroups)
    .where(and(eq(meetingGroups.id, groupId), eq(meetingGroups.userId, userId)));
  if (!group) throw new NotFoundError('Meeting group');
  await assertOwnMeetings(db, userId, [meetingId]);
  const inserted = await db
    .insert(meetingGroupMembers)
    .values({ groupId, meetingId })
    .onConflictDoNothing()
    .returning({ id: meetingGroupMembers.id });
  return { added: inserted.length > 0 };
}
