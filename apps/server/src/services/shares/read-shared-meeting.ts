/** `GET /api/shared-with-me/{id}`: a meeting another account shared with the user, read-only. */
import { eq } from 'drizzle-orm';
import { VIEWER_AUDIO_TTL_S, type ViewedMeeting } from '@summy/core';
import { user, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import type { Storage } from '../../storage/types.ts';
import { getMeeting } from '../meetings/get-meeting.ts';
import { sharedMeetingOwners } from './list-shared-with-me.ts';
import { sharedActionItems } from './share-rows.ts';

/**
 * The shared meeting as its viewer reads it: title, date, summary, action items, transcript with
 * the owner's speaker names, and the recording as a signed URL valid {@link VIEWER_AUDIO_TTL_S}
 * seconds. Never the owner's My notes.
 * @throws NotFoundError when the meeting is not shared with the user (or no longer exists)
 */
export async function readSharedMeeting(
  db: Database,
  storage: Pick<Storage, 'signedUrl'>,
  viewerId: string,
  meetingId: string,
): Promise<ViewedMeeting> {
  const ownerId = (await sharedMeetingOwners(db, viewerId, [meetingId])).get(meetingId);
  if (!ownerId) throw new NotFoundError('Meeting');
  const signed = { signedUrl: (key: string) => storage.signedUrl(key, VIEWER_AUDIO_TTL_S) };
  const [meeting, [owner]] = await Promise.all([
    getMeeting(db, ownerId, meetingId, signed),
    db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, ownerId)),
  ]);
  if (!owner) throw new NotFoundError('Meeting');
  return {
    id: meeting.id,
    owner,
    title: meeting.title,
    date: meeting.date,
    duration: meeting.duration,
    summary: meeting.summary,
    actionItems: sharedActionItems(meeting),
    transcript: meeting.transcript,
    speakerNames: meeting.speakerNames,
    audioUrl: meeting.audioUrl ?? null,
    notes: null,
  };
}
