/**
 * `GET /api/meetings/{id}/audio-url`: a signed URL of the meeting's stored audio, valid one hour.
 * `meetings.audio_url` keeps the object's name (`recordings/{key}`); URLs are signed on each read
 * because they expire.
 */
import { and, eq } from 'drizzle-orm';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import { keyFromAudioUrl, SIGNED_URL_TTL_S } from '../../storage/types.ts';
import { playbackKey } from '../meetings/to-meeting.ts';

/** A playable URL and when it stops working (ISO 8601), or null for an external URL. */
export interface AudioUrl {
  url: string;
  expiresAt: string | null;
}

/**
 * Signs the audio of the user's meeting for playback (a call recording's mono mix when stored) (an `<audio>` element can seek: the URL
 * serves HTTP Range requests). An `audio_url` that is already an http(s) URL is answered as is.
 * @throws NotFoundError 404 when the meeting does not exist, belongs to another user, or has no audio
 */
export async function getAudioUrl(
  { database: { db }, storage }: Pick<AppDeps, 'database' | 'storage'>,
  userId: string,
  meetingId: string,
): Promise<AudioUrl> {
  const [meeting] = await db
    .select({ audioUrl: meetings.audioUrl, summaryData: meetings.summaryData })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
  if (!meeting) throw new NotFoundError('Meeting');
  if (!meeting.audioUrl) throw new NotFoundError('Audio');
  const key = keyFromAudioUrl(meeting.audioUrl);
  if (!key) {
    if (/^https?:\/\//i.test(meeting.audioUrl)) return { url: meeting.audioUrl, expiresAt: null };
    throw new NotFoundError('Audio');
  }
  // Taken before signing, so the stated expiry is never later than the URL's own.
  const expiresAt = new Date((Math.floor(Date.now() / 1000) + SIGNED_URL_TTL_S) * 1000);
  const url = await storage.signedUrl(playbackKey(key, meeting.summaryData), SIGNED_URL_TTL_S);
  return { url, expiresAt: expiresAt.toISOString() };
}
