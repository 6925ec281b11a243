/**
 * The API bench's search index, built in bulk: every meeting's passages from Summy's own passage
 * builder (`meetingPassages`, the rows the `search.index` job writes), inserted with
 * `insert … select … from unnest(…)` across meetings, then each user's lexeme counts
 * (`search_lexemes`) in one statement and every meeting stamped indexed.
 *
 * The server's background job rebuilds one meeting at a time and, on PGlite, rests as long as it
 * works (docs/decisions/036-heavy-work-off-the-request-path.md): over the dataset's 19,900
 * meetings on two busy cores it had not finished after 25 minutes. The bench measures searching,
 * not indexing, so it writes the same rows directly.
 */
import { performance } from 'node:perf_hooks';
import type { DatabaseHandle } from '@summy/db';
import { meetingPassages } from '../../apps/server/src/services/assistant/meeting-passages.ts';

/** Meetings read per statement, and passages inserted per statement. */
const READ_PAGE = 500;
const INSERT_ROWS = 5_000;

interface Pending {
  userId: string[];
  meetingId: string[];
  section: string[];
  position: number[];
  speaker: (string | null)[];
  start: (number | null)[];
  content: string[];
}

const empty = (): Pending => ({
  userId: [],
  meetingId: [],
  section: [],
  position: [],
  speaker: [],
  start: [],
  content: [],
});

async function flush(database: DatabaseHandle, rows: Pending): Promise<void> {
  if (rows.content.length === 0) return;
  await database.query(
    `insert into meeting_passages (user_id, meeting_id, section, position, speaker, start_seconds, content)
     select * from unnest($1::text[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::float8[], $7::text[])`,
    [
      rows.userId,
      rows.meetingId,
      rows.section,
      rows.position,
      rows.speaker,
      rows.start,
      rows.content,
    ],
  );
}

/**
 * Builds every meeting's search passages and lexeme counts and marks the meetings indexed.
 * Run on a server started without job workers, so no `search.index` job writes the same rows.
 * @returns passages written and wall time (ms)
 */
export async function buildSearchIndex(
  database: DatabaseHandle,
): Promise<{ passages: number; ms: number }> {
  const t0 = performance.now();
  let passages = 0;
  let rows = empty();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await database.query<{
      id: string;
      user_id: string;
      transcript: string | null;
      summary: string | null;
      summary_data: unknown;
      speaker_names: unknown;
    }>(
      `select id, user_id, transcript, summary, summary_data, speaker_names from meetings
       where id > $1 order by id limit ${READ_PAGE}`,
      [after],
    );
    if (page.length === 0) break;
    for (const m of page) {
      for (const p of meetingPassages({
        transcript: m.transcript,
        summary: m.summary,
        summaryData: m.summary_data,
        speakerNames: m.speaker_names,
      })) {
        rows.userId.push(m.user_id);
        rows.meetingId.push(m.id);
        rows.section.push(p.section);
        rows.position.push(p.position);
        rows.speaker.push(p.speaker);
        rows.start.push(p.startSeconds);
        rows.content.push(p.content);
        passages++;
        if (rows.content.length >= INSERT_ROWS) {
          await flush(database, rows);
          rows = empty();
        }
      }
    }
    after = page.at(-1)!.id;
  }
  await flush(database, rows);
  const users = await database.query<{ user_id: string }>(
    'select distinct user_id from meeting_passages',
  );
  // One user at a time keeps the aggregation's memory to one user's lexemes.
  for (const { user_id } of users) {
    await database.query(
      `insert into search_lexemes (user_id, lexeme, passages)
       select $1, lexeme, count(*)::int from (
         select unnest(tsvector_to_array(search)) as lexeme from meeting_passages where user_id = $1
         union all
         select '' from meeting_passages where user_id = $1
       ) l group by lexeme`,
      [user_id],
    );
  }
  await database.query('update meetings set search_indexed_at = updated_at');
  await database.query('analyze');
  return { passages, ms: performance.now() - t0 };
}
