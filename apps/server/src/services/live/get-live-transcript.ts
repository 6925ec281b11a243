/** `GET /api/meetings/{id}/live`: the live draft transcript of the user's meeting so far. */
import { and, asc, eq } from 'drizzle-orm';
import { liveSegments, liveSessions, meetings } from '@summy/db';
import type { LiveTranscript } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors/app-errors.ts';

/**
 * The meeting's live session state and its segments by `seq` ('none' and no segments when the
 * meeting never had a live session; the segments are gone once the final transcript replaced
 * them). A browser that reloads or reconnects reads this, then follows 'live-segment' events.
 * @throws NotFoundError 404 'Meeting not found' when the meeting does not exist or is another
 *   user's
 */
export async function getLiveTranscript(
  { database: { db } }: Pick<AppDeps, 'database'>,
  userId: string,
  meetingId: string,
): Promise<LiveTranscript> {
  const [meeting] = await db
    .select({ state: liveSessions.state })
    .from(meetings)
    .leftJoin(liveSessions, eq(liveSessions.meetingId, meetings.id))
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
  if (!meeting) throw new NotFoundError('Meeting');
  if (!meeting.state) return { state: 'none', segments: [] };
  const segments = await db
    .select({
      seq: liveSegments.seq,
      channel: liveSegments.channel,
      start: liveSegments.start,
      end: liveSegments.end,
      text: liveSegments.text,
    })
    .from(liveSegments)
    .where(eq(liveSegments.meetingId, meetingId))
    .orderBy(asc(liveSegments.seq));
  return { state: meeting.state, segments };
}
