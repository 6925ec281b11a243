/**
 * Ownership of a live session over a real database: one owner at a time, a stale session taken
 * over with what was saved, the old owner's writes refused, and the final transcript ending it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSegments, liveSessions } from '@summy/db';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { clearLiveTranscript } from './clear-live-transcript.ts';
import {
  beatLiveSession,
  claimLiveSession,
  endLiveSession,
  releaseLiveSession,
  saveLiveSegment,
} from './live-session-store.ts';

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  alice = await signUp(server, 'Alice');
});
afterAll(async () => {
  await server?.close();
});

async function liveMeeting(): Promise<string> {
  const res = await alice.post('/api/meetings', { title: 'Live', isRecording: true });
  await server.database.db
    .insert(liveSessions)
    .values({ meetingId: res.body.id, userId: alice.userId!, state: 'live' });
  return res.body.id as string;
}

const segment = (start: number, text: string) => ({
  channel: 0 as const,
  start,
  end: start + 1,
  text,
});

describe('live session ownership', () => {
  it('has one owner; a stale session is taken over and the old owner writes nothing', async () => {
    const { db } = server.database;
    const id = await liveMeeting();
    const first = (await claimLiveSession(db, id))!;
    expect(first).toMatchObject({ nextChunk: 0, nextSeq: 0, channels: 1 });
    expect(await claimLiveSession(db, id)).toBeUndefined();
    expect(await saveLiveSegment(db, first, segment(0, 'one'))).toMatchObject({ seq: 0 });
    expect(await beatLiveSession(db, first, 3)).toBe(true);

    // The first owner's process died a minute ago.
    const old = new Date(Date.now() - 60_000);
    await db.update(liveSessions).set({ heartbeatAt: old }).where(eq(liveSessions.meetingId, id));
    first.heartbeat = old;
    const second = (await claimLiveSession(db, id))!;
    expect(second).toMatchObject({ nextChunk: 3, nextSeq: 1, publishedUntil: [1, 0] });
    expect(await saveLiveSegment(db, first, segment(1, 'lost'))).toBeUndefined();
    expect(await beatLiveSession(db, first, 4)).toBe(false);
    expect(await saveLiveSegment(db, second, segment(1, 'two'))).toMatchObject({ seq: 1 });

    const rows = await db.select().from(liveSegments).where(eq(liveSegments.meetingId, id));
    expect(rows.map((r) => r.text).sort()).toEqual(['one', 'two']);

    // A process that stops releases the session: the next owner claims it at once.
    await releaseLiveSession(db, second);
    expect(await beatLiveSession(db, second, 5)).toBe(false);
    expect(await claimLiveSession(db, id)).toMatchObject({ nextSeq: 2 });
  });

  it('stops saving once the final transcript replaced the live text', async () => {
    const { db } = server.database;
    const id = await liveMeeting();
    const claim = (await claimLiveSession(db, id))!;
    await saveLiveSegment(db, claim, segment(0, 'draft'));
    expect(await db.transaction((tx) => clearLiveTranscript(tx as never, id))).toBe(true);
    expect(await saveLiveSegment(db, claim, segment(1, 'late'))).toBeUndefined();
    expect(await endLiveSession(db, claim)).toBe(false);
    expect(await db.select().from(liveSegments).where(eq(liveSegments.meetingId, id))).toEqual([]);
    const [session] = await db.select().from(liveSessions).where(eq(liveSessions.meetingId, id));
    expect(session?.state).toBe('ended');
  });
});
