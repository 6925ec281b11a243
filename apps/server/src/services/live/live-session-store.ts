/**
 * The database side of a running live session: claiming it (one process works a session at a
 * time), saving a segment with the next `seq`, the heartbeat, and the end. Ownership is the
 * heartbeat itself: the owner remembers the `heartbeat_at` it wrote last and every write of it
 * requires that value, so once another process took the session over (its heartbeat was stale),
 * the old owner's next write changes nothing and it stops.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { liveSegments, liveSessions, meetings } from '@summy/db';
import type { LiveSegment } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { LIVE_STALE_MS } from './start-live-session.ts';

type Db = AppDeps['database']['db'];

/** A claimed session: what the owner needs to resume, and its ownership token. */
export interface LiveClaim {
  meetingId: string;
  /** The `heartbeat_at` this owner wrote last. */
  heartbeat: Date;
  nextChunk: number;
  nextSeq: number;
  /** End (s) of the last segment already saved on each channel: a resumed decoder skips them. */
  publishedUntil: [number, number];
  /** 2 for a call recording, else 1. */
  channels: 1 | 2;
}

/** A fresh heartbeat value, never equal to the one before. */
function nextHeartbeat(previous?: Date): Date {
  const now = new Date();
  return previous && now.getTime() <= previous.getTime() ? new Date(previous.getTime() + 1) : now;
}

/**
 * Claims the meeting's session if it is 'live' and nobody works it: never claimed (its heartbeat
 * is its start), or its heartbeat is older than LIVE_STALE_MS (the process died).
 * @returns the claim, or undefined when the session is not live or another process works it
 */
export async function claimLiveSession(db: Db, meetingId: string): Promise<LiveClaim | undefined> {
  const heartbeat = nextHeartbeat();
  const [row] = await db
    .update(liveSessions)
    .set({ heartbeatAt: heartbeat })
    .where(
      and(
        eq(liveSessions.meetingId, meetingId),
        eq(liveSessions.state, 'live'),
        or(
          eq(liveSessions.heartbeatAt, liveSessions.startedAt),
          lt(liveSessions.heartbeatAt, new Date(Date.now() - LIVE_STALE_MS)),
        ),
      ),
    )
    .returning({ nextChunk: liveSessions.nextChunk, nextSeq: liveSessions.nextSeq });
  if (!row) return undefined;
  const ends = await db
    .select({ channel: liveSegments.channel, end: sql<number>`max(${liveSegments.end})` })
    .from(liveSegments)
    .where(eq(liveSegments.meetingId, meetingId))
    .groupBy(liveSegments.channel);
  const [meeting] = await db
    .select({ channels: meetings.channels })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  const publishedUntil: [number, number] = [0, 0];
  for (const e of ends) publishedUntil[e.channel] = Number(e.end);
  return {
    meetingId,
    heartbeat,
    ...row,
    publishedUntil,
    channels: meeting?.channels?.length === 2 ? 2 : 1,
  };
}

/** The owner's condition on every write: the session is live and still this owner's. */
const owned = (claim: LiveClaim) =>
  and(
    eq(liveSessions.meetingId, claim.meetingId),
    eq(liveSessions.state, 'live'),
    eq(liveSessions.heartbeatAt, claim.heartbeat),
  );

/**
 * Refreshes the heartbeat and records the next chunk to decode.
 * @returns false when the session ended or was taken over (the owner stops)
 */
export async function beatLiveSession(
  db: Db,
  claim: LiveClaim,
  nextChunk: number,
): Promise<boolean> {
  const heartbeat = nextHeartbeat(claim.heartbeat);
  const rows = await db
    .update(liveSessions)
    .set({ heartbeatAt: heartbeat, nextChunk })
    .where(owned(claim))
    .returning({ meetingId: liveSessions.meetingId });
  if (rows.length === 0) return false;
  claim.heartbeat = heartbeat;
  claim.nextChunk = nextChunk;
  return true;
}

/**
 * Saves a segment with the session's next `seq`, in one transaction with the session's counter.
 * @returns the segment, or undefined when the session ended (the final transcript replaced the
 *   live text) or was taken over: nothing is saved then
 */
export async function saveLiveSegment(
  db: Db,
  claim: LiveClaim,
  segment: Omit<LiveSegment, 'seq'>,
): Promise<LiveSegment | undefined> {
  const heartbeat = nextHeartbeat(claim.heartbeat);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(liveSessions)
      .set({ nextSeq: sql`${liveSessions.nextSeq} + 1`, heartbeatAt: heartbeat })
      .where(owned(claim))
      .returning({ seq: sql<number>`${liveSessions.nextSeq} - 1` });
    if (!row) return undefined;
    const value = { ...segment, seq: Number(row.seq) };
    await tx.insert(liveSegments).values({ meetingId: claim.meetingId, ...value });
    return value;
  });
  if (!saved) return undefined;
  claim.heartbeat = heartbeat;
  claim.nextSeq = saved.seq + 1;
  return saved;
}

/**
 * Ends the session ('ended') if it is still this owner's.
 * @returns whether it was (false: the final pass or another process ended it first)
 */
export async function endLiveSession(db: Db, claim: LiveClaim): Promise<boolean> {
  const rows = await db
    .update(liveSessions)
    .set({ state: 'ended' })
    .where(owned(claim))
    .returning({ meetingId: liveSessions.meetingId });
  return rows.length > 0;
}

/**
 * Gives the session up without ending it (this process stops): its heartbeat goes back to its
 * start, the mark of a session nobody works, so the job's retry claims it at once instead of
 * waiting for the heartbeat to go stale.
 */
export async function releaseLiveSession(db: Db, claim: LiveClaim): Promise<void> {
  await db
    .update(liveSessions)
    .set({ heartbeatAt: sql`${liveSessions.startedAt}` })
    .where(owned(claim));
}

/** Where the recording of a live meeting stands. */
export type RecordingStatus = 'recording' | 'paused' | 'stopped';

/**
 * 'stopped' when the meeting has its audio (Stop) or was deleted; 'paused' while the recorder says
 * so (a paused MediaRecorder sends no chunks, which is not idleness).
 */
export async function recordingStatus(db: Db, meetingId: string): Promise<RecordingStatus> {
  const [m] = await db
    .select({ audioUrl: meetings.audioUrl, paused: meetings.isPaused })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  if (!m || m.audioUrl) return 'stopped';
  return m.paused ? 'paused' : 'recording';
}
