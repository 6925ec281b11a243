/** `POST /api/meetings/{id}/viewers`: let an account of this server read one of the user's meetings. */
import { and, eq, sql } from 'drizzle-orm';
import type { AddMeetingViewerInput, MeetingViewer } from '@summy/core';
import { meetingViewers, user, type Database } from '@summy/db';
import { ValidationError } from '../../errors/app-errors.ts';
import { assertOwnMeetings } from '../meetings/assert-own-meetings.ts';

/** The refusal of an address no account of this server has. */
export const NO_SUCH_ACCOUNT_MESSAGE = 'No account on this server has this e-mail address.';
/** The refusal of the owner's own address. */
export const OWN_ADDRESS_MESSAGE = 'This is your own account: you already have this meeting.';

/**
 * Makes the account with `input.email` (any case) a viewer of the meeting: it lists the meeting
 * under 'Shared with me', reads it and may ask about it in chats, and changes nothing. Adding a
 * viewer again keeps the first time it was added.
 * @returns the viewer as the owner lists it
 * @throws NotFoundError when the meeting does not exist or is another user's
 * @throws ValidationError (400) {@link NO_SUCH_ACCOUNT_MESSAGE} or {@link OWN_ADDRESS_MESSAGE}
 */
export async function addMeetingViewer(
  db: Database,
  ownerId: string,
  meetingId: string,
  input: AddMeetingViewerInput,
): Promise<MeetingViewer> {
  await assertOwnMeetings(db, ownerId, [meetingId]);
  const [account] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, input.email.trim().toLowerCase()));
  if (!account) throw new ValidationError(NO_SUCH_ACCOUNT_MESSAGE);
  if (account.id === ownerId) throw new ValidationError(OWN_ADDRESS_MESSAGE);
  await db
    .insert(meetingViewers)
    .values({ meetingId, ownerId, viewerId: account.id })
    .onConflictDoNothing();
  const [row] = await db
    .select({ createdAt: meetingViewers.createdAt })
    .from(meetingViewers)
    .where(and(eq(meetingViewers.meetingId, meetingId), eq(meetingViewers.viewerId, account.id)));
  return {
    userId: account.id,
    name: account.name,
    email: account.email,
    addedAt: row!.createdAt.toISOString(),
  };
}
