/**
 * Meeting groups: the meetings with one external attendee domain or of one recurring event, as
 * the API answers them and the bodies that make and fill them.
 */
import { z } from './zod.ts';
import { boundedText, TEXT_LIMITS } from './limits.ts';

/** A meeting group. */
export const meetingGroupSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  type: z.enum(['domain', 'recurring']),
  domain: z.string().nullable(),
  recurringEventId: z.string().nullable(),
  meetingIds: z.array(z.string().uuid()),
});
export type MeetingGroup = z.infer<typeof meetingGroupSchema>;

/** Body of `POST /api/meeting-groups`. */
export const createMeetingGroupSchema = z
  .object({
    name: boundedText(TEXT_LIMITS.groupName).trim().min(1),
    type: z.enum(['domain', 'recurring']),
    domain: boundedText(TEXT_LIMITS.domain).nullable().optional(),
    recurringEventId: boundedText(TEXT_LIMITS.identifier).nullable().optional(),
  })
  .strict();

/** Body of `POST /api/meeting-groups/:id/members`. */
export const addGroupMemberSchema = z.object({ meetingId: z.string().uuid() }).strict();
