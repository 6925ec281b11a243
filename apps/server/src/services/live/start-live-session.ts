/**
 * Starts the live draft transcript of a recording when its first chunk arrives: a `live_sessions`
 * row, and a `meeting.live` job that follows the chunks (run-live-session.ts). The user's
 * preference (`user_settings.live_transcript`) and the server's cap (LIVE_MAX_MEETINGS) decide
 * whether it runs; either way recording goes on as before.
 */
import { getRecordingPreferences } from '../settings/get-recording-preferences.ts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { liveSessions } from '@summy/db';
import { LIVE_TEXT, type LiveState } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { MEETING_LIVE } from '../../jobs/payloads.ts';
import { publishLiveState, publishNotice } from '../../realtime/publish.ts';

/** A live session whose heartbeat is older than this (ms) no longer counts against the cap. */
export const LIVE_STALE_MS = 30_000;

/** The notice when the server already runs its most live meetings. */
export const LIVE_BUSY_NOTICE = {
  title: LIVE_TEXT.busyNotice,
  description:
    'This server already shows live text for as many meetings as it can. Recording goes on, and the transcript comes after you stop.',
  variant: 'info',
} as const;

/**
 * Starts the live session of the user's meeting, once (a second call, e.g. chunk 0 sent again,
 * changes nothing and answers the state kept). States: 'off' when the user turned live text off or
 * LIVE_MAX_MEETINGS is 0; 'busy' (with a notice) when LIVE_MAX_MEETINGS sessions already run with a
 * fresh heartbeat; else 'live', and a `meeting.live` job is queued. The count and the insert run
 * under one transaction-scoped advisory lock, so two meetings starting at once cannot both pass
 * the cap. The owner's browsers get the state as a 'live-state' event.
 * @returns the session's state
 */
export async function startLiveSession(
  { database, env, jobs }: Pick<AppDeps, 'database' | 'env' | 'jobs'>,
  userId: string,
  meetingId: string,
): Promise<LiveState> {
  const { db } = database;
  // The person's own setting, read as Settings reads it; it is not part of the cap's check.
  const wanted = (await getRecordingPreferences({ db }, userId)).liveTranscript;
  const { state, created } = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ state: liveSessions.state })
      .from(liveSessions)
      .where(eq(liveSessions.meetingId, meetingId));
    if (existing) return { state: existing.state, created: false };
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('summy.live_sessions'))`);
    const max = env.process.liveMaxMeetings;
    let state: LiveState & ('live' | 'off' | 'busy') = 'live';
    if (max === 0 || !wanted) state = 'off';
    else {
      const [{ running } = { running: 0 }] = await tx
        .select({ running: sql<number>`count(*)::int` })
        .from(liveSessions)
        .where(
          and(
            eq(liveSessions.state, 'live'),
            gt(liveSessions.heartbeatAt, new Date(Date.now() - LIVE_STALE_MS)),
          ),
        );
      if (running >= max) state = 'busy';
    }
    const inserted = await tx
      .insert(liveSessions)
      .values({ meetingId, userId, state })
      .onConflictDoNothing()
      .returning({ state: liveSessions.state });
    return { state: inserted[0]?.state ?? state, created: inserted.length > 0 };
  });
  if (!created) return state;
  if (state === 'live') await jobs.send(MEETING_LIVE.name, { meetingId, userId });
  if (state === 'busy') await publishNotice(database, userId, { ...LIVE_BUSY_NOTICE, meetingId });
  await publishLiveState(database, userId, { meetingId, state });
  return state;
}
