import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { meetingPassages as passagesTable, meetings, type Database } from '@summy/db';
import { meetingPassages } from './meeting-passages.ts';
import { queryRows } from './search-passages.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Adds (`sign` 1) or removes (-1) a meeting's passages to the user's lexeme counts
 * (search_lexemes); the empty lexeme counts the passages themselves.
 */
async function countLexemes(tx: Tx, userId: string, meetingId: string, sign: 1 | -1) {
  await tx.execute(sql`
    insert into search_lexemes (user_id, lexeme, passages)
    select ${userId}, lexeme, ${sign}::int * count(*)::int from (
      select unnest(tsvector_to_array(search)) as lexeme from meeting_passages where meeting_id = ${meetingId}
      union all
      select '' from meeting_passages where meeting_id = ${meetingId}
    ) l group by lexeme
    on conflict (user_id, lexeme) do update set passages = search_lexemes.passages + excluded.passages`);
}

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
      // One rebuild per meeting at a time (another process may be answering a question too).
      const [locked] = await queryRows<{ fresh: boolean }>(
        tx,
        sql`select search_indexed_at is not null and search_indexed_at >= updated_at as fresh
            from meetings where id = ${meeting.id} for update`,
      );
      if (!locked || locked.fresh) return;
      await countLexemes(tx, userId, meeting.id, -1);
      await tx.delete(passagesTable).where(eq(passagesTable.meetingId, meeting.id));
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        await tx.insert(passagesTable).values(rows.slice(i, i + INSERT_BATCH));
      }
      await countLexemes(tx, userId, meeting.id, 1);
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
