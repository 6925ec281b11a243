import { and, asc, eq } from 'drizzle-orm';
import type { MeetingGroupSummary } from '@summy/core';
import { meetingGroupMembers, meetingGroups, type Database } from '@summy/db';
import { assertOwnMeetings } from '../meetings/assert-own-meetings.ts';

/**
 * The groups one of the user's meetings belongs to (`GET /api/meetings/:id/groups`): domain groups
 * first, then recurring ones, each by name.
 * @throws NotFoundError when the meeting is not the user's
 */
export async function listGroupsOfMeeting(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<MeetingGroupSummary[]> {
  await assertOwnMeetings(db, userId, [meetingId]);
  return db
    .select({
      id: meetingGroups.id,
      name: meetingGroups.name,
      type: meetingGroups.type,
      domain: meetingGroups.domain,
      recurringEventId: meetingGroups.recurringEventId,
    })
    .from(meetingGroupMembers)
    .innerJoin(meetingGroups, eq(meetingGroups.id, meetingGroupMembers.groupId))
    .where(and(eq(meetingGroupMembers.meetingId, meetingId), eq(meetingGroups.userId, userId)))
    .orderBy(asc(meetingGroups.type), asc(meetingGroups.name), asc(meetingGroups.id));
}
