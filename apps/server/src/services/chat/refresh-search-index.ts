import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { meetingPassages as passagesTable, meetings, type Database } from '@summy/db';
import { meetingPassages } from './meeting-passages.ts';

// Rows per INSERT: 7 parameters each, well under PostgreSQL's 65,535.
const INSERT_BATCH = 1000;

/**
 * Rebuilds the search passages of the user's meetings whose passages are missing or older than
 * the meeting (`search_indexed_at` < `updated_at`), so every write path (API, pipeline, CLI,
 * another process) is covered without each having to remember it. Cheap when nothing is stale:
 * one read on a partial index.
 *
 * @param meetingIds only these meetings (already known to be the user's); all when undefined
 * @returns how many meetings were rebuilt
 */
export async function refreshSearchIndex(
  db: Database,
  userId: string,
  meetingIds?: readonly string[],
): Promise<number> {
  const stale = await db
    .select({
      id: meetings.id,
      transcript: meetings.transcript,
      summary: meetings.summary,
      summaryData: meetings.summaryData,
      // As text: a JS Date would drop the microseconds `now()` stores, and never compare equal.
      version: sql<string>`${meetings.updatedAt}::text`,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, userId),
        meetingIds ? inArray(meetings.id, [...meetingIds]) : undefined,
        or(isNull(meetings.searchIndexedAt), lt(meetings.searchIndexedAt, meetings.updatedAt)),
      ),
    );
  for (const meeting of stale) {
    const rows = meetingPassages(meeting).map((p) => ({ ...p, userId, meetingId: meeting.id }));
    await db.transaction(async (tx) => {
      await tx.delete(passagesTable).where(eq(passagesTable.meetingId, meeting.id));
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        await tx.insert(passagesTable).values(rows.slice(i, i + INSERT_BATCH));
      }
      // Stamped with the version read: a write racing this rebuild leaves the meeting stale.
      await tx
        .update(meetings)
        .set({ searchIndexedAt: sql`${meeting.version}::timestamptz` })
        .where(
          and(
            eq(meetings.id, meeting.id),
            sql`${meetings.updatedAt} = ${meeting.version}::timestamptz`,
          ),
        );
    });
  }
  return stale.length;
}
