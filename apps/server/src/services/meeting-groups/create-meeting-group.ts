import type { z } from 'zod';
import type { MeetingGroup, createMeetingGroupSchema } from '@summy/core';
import { meetingGroups, type Database } from '@summy/db';

/** Creates a meeting group (by attendee domain or recurring event) owned by the user. */
export async function createMeetingGroup(
  db: Database,
  userId: string,
  input: z.infer<typeof createMeetingGroupSchema>,
): Promise<MeetingGroup> {
  const [row] = await db
    .insert(meetingGroups)
    .values({
      userId,
      name: input.name,
      type: input.type,
      domain: input.domain ?? null,
      recurringEventId: input.recurringEventId ?? null,
    })
    .returning();
  return {
    id: row!.id,
    name: row!.name,
    type: row!.type,
    domain: row!.domain,
    recurringEventId: row!.recurringEventId,
    meetingIds: [],
  };
}
