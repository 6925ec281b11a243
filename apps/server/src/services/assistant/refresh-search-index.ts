import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { meetings, type Database } from '@summy/db';
import { meetingPassages } from './meeting-passages.ts';
import {
  insertPassageBatch,
  passageBatches,
  removeMeetingPassages,
  withMeetingPassages,
} from './passage-store.ts';

/** PostgreSQL's foreign_key_violation: the meeting was deleted while its passages were written. */
const FOREIGN_KEY_VIOLATION = '23503';

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

/**
 * Rebuilds the search passages of one meeting unless another task did meanwhile.
 * @returns false when the meeting was deleted or found fresh
 */
async function rebuildMeeting(db: Database, meetingId: string, share: number): Promise<boolean> {
  try {
    return await withMeetingPassages(
      db,
      meetingId,
      async ({ exec, pause }, locked) => {
        if (!locked || locked.fresh) return false;
        // Read under the lock, one meeting at a time: an 8 MB transcript is held once, not per
        // stale meeting. As text: a JS Date would drop the microseconds `now()` stores.
        const [meeting] = await exec
          .select({
            transcript: meetings.transcript,
            summary: meetings.summary,
            summaryData: meetings.summaryData,
            speakerNames: meetings.speakerNames,
            version: sql<string>`${meetings.updatedAt}::text`,
          })
          .from(meetings)
          .where(eq(meetings.id, meetingId));
        if (!meeting) return false;
        const { userId } = locked;
        await removeMeetingPassages(exec, userId, meetingId, pause);
        for (const batch of passageBatches(meetingPassages(meeting))) {
          await insertPassageBatch(exec, userId, meetingId, batch);
          await pause();
        }
        // Stamped with the version read: a write racing this rebuild leaves the meeting stale.
        await exec
          .update(meetings)
          .set({ searchIndexedAt: sql`${meeting.version}::timestamptz` })
          .where(
            and(
              eq(meetings.id, meetingId),
              sql`${meetings.updatedAt} = ${meeting.version}::timestamptz`,
            ),
          );
        return true;
      },
      { share },
    );
  } catch (err) {
    // Deleted while being indexed (PGlite writes outside a transaction): nothing to index.
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

/**
 * Rebuilds the search passages of the user's meetings whose passages are missing or older than
 * the meeting (`search_indexed_at` < `updated_at`), so every write path (API, pipeline, CLI,
 * another process) is covered without each having to remember it. Cheap when nothing is stale:
 * one read on a partial index. A long transcript is written in bounded statements that never
 * hold the database for long (passage-store.ts).
 *
 * @param meetingIds only these meetings (already known to be the user's); all when undefined
 * @param share on PGlite, the part of its connection's time the rebuild may take (see
 *   withMeetingPassages); the background job takes half, a request waiting for the answer all of it
 * @returns how many meetings were rebuilt
 */
export async function refreshSearchIndex(
  db: Database,
  userId: string,
  meetingIds?: readonly string[],
  { share = 1 }: { share?: number } = {},
): Promise<number> {
  const stale = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, userId),
        meetingIds ? inArray(meetings.id, [...meetingIds]) : undefined,
        or(isNull(meetings.searchIndexedAt), lt(meetings.searchIndexedAt, meetings.updatedAt)),
      ),
    );
  let rebuilt = 0;
  for (const { id } of stale) if (await rebuildMeeting(db, id, share)) rebuilt++;
  return rebuilt;
}
