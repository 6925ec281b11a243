/** Test helpers for processed meetings: wait for the pipeline and for the search index. */
import { isNull, lt, or, sql } from 'drizzle-orm';
import type { Meeting } from '@summy/core';
import { meetings, type DatabaseHandle } from '@summy/db';
import type { Client } from './harness.ts';

/** Polls `GET /api/meetings/:id` until the meeting is no longer processing. */
export async function waitProcessed(
  client: Client,
  meetingId: string,
  timeoutMs = 60_000,
): Promise<Meeting> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/meetings/${meetingId}`);
    if (res.status === 200 && !res.body.isProcessing) return res.body as Meeting;
    if (Date.now() > deadline)
      throw new Error(
        `meeting ${meetingId} still processing: ${JSON.stringify(res.body).slice(0, 300)}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Meetings whose search passages are missing or older than the meeting: what the background
 * `search.index` job has yet to rebuild.
 */
export async function staleSearchMeetings(database: DatabaseHandle): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(meetings)
    .where(or(isNull(meetings.searchIndexedAt), lt(meetings.searchIndexedAt, meetings.updatedAt)));
  return row?.n ?? 0;
}

/** Waits until the background job has indexed every meeting (search finds them from then). */
export async function waitSearchIndexed(
  database: DatabaseHandle,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await staleSearchMeetings(database)) > 0) {
    if (Date.now() > deadline) throw new Error('meetings were not indexed for search in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
