import { asc, eq, inArray } from 'drizzle-orm';
import type { MeetingGroup } from '@summy/core';
import { meetingGroupMembers, meetingGroups, type Database } from '@summy/db';

/** The user's meeting groups with the ids of their member meetings. */
export async function listMeetingGroups(db: Database, userId: string): Promise<MeetingGroup[]> {
  const groups = await db
    .select()
    .from(meetingGroups)
    .where(eq(meetingGroups.userId, userId))
    .orderBy(asc(meetingGroups.createdAt));
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: meetingGroupMembers.groupId, meetingId: meetingGroupMembers.meetingId })
    .from(meetingGroupMembers)
    .where(
      inArray(
        meetingGroupMembers.groupId,
        groups.map((g) => g.id),
      ),
    );
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    type: g.type,
    domain: g.domain,
    recurringEventId: g.recurringEventId,
    meetingIds: members.filter((m) => m.groupId === g.id).map((m) => m.meetingId),
  }));
}
