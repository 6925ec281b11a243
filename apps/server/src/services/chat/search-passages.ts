/**
 * Full-text retrieval for the meeting assistant (issue 5 point 2): the question's words, stemmed
 * by PostgreSQL's 'english' configuration, OR-ed into a `tsquery` and ranked with `ts_rank_cd`
 * over the user's transcript turns, summary paragraphs (meeting_passages) and action items
 * (todos.search). Runs the same on PGlite and PostgreSQL. Every query is scoped by `user_id`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ChatSection } from '@summy/core';
import type { Database } from '@summy/db';

/** Rows of `db.execute`: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** A passage found for a question. */
export interface FoundPassage {
  section: ChatSection;
  meetingId: string | null;
  speaker: string | null;
  /** Turn start in seconds, when known. */
  start: number | null;
  /** Transcript turn index, or summary block index. */
  position: number | null;
  text: string;
  /** `ts_rank_cd` with length normalization 1; 0 for passages chosen without a match. */
  rank: number;
}

/** The question's search terms: stems for the query, and the words they came from, in order. */
export interface QuestionTerms {
  lexemes: string[];
  words: string[];
}

// How a question is phrased, not what it is about: 'What did the group discuss about X?' is about
// X. Stemmed by PostgreSQL in the same query, so the list and the index always agree.
const QUESTION_WORDS =
  'what whats why how who whom whose when where which did does do done think thinks thought ' +
  'say says said talk talks talked discuss discussed discussion discussions summarize summarise ' +
  'summary meeting meetings group mention mentioned suggest suggested tell told explain ' +
  'explained ask asked anyone everyone someone anything everything thing things regarding ' +
  'opinion please give list know';

/**
 * The search terms of a question: its words as `ts_debug` tokenizes them, stemmed ('english'),
 * without stop words and question phrasing.
 */
export async function questionTerms(db: Database, question: string): Promise<QuestionTerms> {
  const rows = await queryRows<{ token: string; lexeme: string }>(
    db,
    sql`
    select d.token, d.lexemes[1] as lexeme
    from ts_debug('english', ${question}) d
    where array_length(d.lexemes, 1) > 0
      and not (d.lexemes[1] = any(tsvector_to_array(to_tsvector('english', ${QUESTION_WORDS}))))`,
  );
  const lexemes: string[] = [];
  const words: string[] = [];
  for (const row of rows) {
    if (lexemes.includes(row.lexeme)) continue;
    lexemes.push(row.lexeme);
    words.push(row.token);
  }
  return { lexemes, words };
}

/** `to_tsquery('simple', …)` text matching any of the stems (already normalized). */
export function anyOfQuery(lexemes: readonly string[]): string {
  return lexemes.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

/** Where to search. */
export interface SearchScope {
  userId: string;
  /** Only these meetings (already checked to be the user's); all of the user's when undefined. */
  meetingIds?: readonly string[] | undefined;
}

function meetingFilter(column: SQL, ids: readonly string[] | undefined): SQL {
  if (!ids) return sql`true`;
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * The best transcript turns and summary paragraphs for the terms, at most `perMeeting` from any
 * one meeting (so a question about several meetings hears from each), best first.
 */
export async function searchMeetingPassages(
  db: Database,
  scope: SearchScope,
  lexemes: readonly string[],
  { limit = 12, perMeeting = limit }: { limit?: number; perMeeting?: number } = {},
): Promise<FoundPassage[]> {
  if (lexemes.length === 0) return [];
  const rows = await queryRows<any>(
    db,
    sql`
    with q as (select to_tsquery('simple', ${anyOfQuery(lexemes)}) as q)
    select meeting_id, section, position, speaker, start_seconds, content, rank from (
      select p.meeting_id, p.section, p.position, p.speaker, p.start_seconds, p.content,
        ts_rank_cd(p.search, q.q, 1) as rank,
        row_number() over (partition by p.meeting_id order by ts_rank_cd(p.search, q.q, 1) desc, p.position) as nth
      from meeting_passages p, q
      where p.user_id = ${scope.userId} and p.search @@ q.q
        and ${meetingFilter(sql`p.meeting_id`, scope.meetingIds)}
    ) r
    where nth <= ${perMeeting}
    order by rank desc, meeting_id, position
    limit ${limit}`,
  );
  return rows.map((r) => ({
    section: r.section,
    meetingId: r.meeting_id,
    speaker: r.speaker,
    start: r.start_seconds == null ? null : Number(r.start_seconds),
    position: Number(r.position),
    text: r.content,
    rank: Number(r.rank),
  }));
}

/**
 * The best action items (to-dos of the scope's meetings) for the terms; with `todos`, the user's
 * to-dos of any kind (the 'todo' chat context).
 */
export async function searchTodos(
  db: Database,
  scope: SearchScope & { todos?: boolean },
  lexemes: readonly string[],
  limit = 6,
): Promise<FoundPassage[]> {
  if (lexemes.length === 0) return [];
  const rows = await queryRows<any>(
    db,
    sql`
    with q as (select to_tsquery('simple', ${anyOfQuery(lexemes)}) as q)
    select t.meeting_id, t.title, t.description, t.assigned_to, t.completed,
      -- todos.search carries no weights (all D): weigh D like the passages' A.
      ts_rank_cd('{1,1,1,1}', t.search, q.q, 1) as rank
    from todos t, q
    where t.user_id = ${scope.userId} and t.search @@ q.q
      and ${scope.todos ? sql`true` : sql`t.meeting_id is not null`}
      and ${meetingFilter(sql`t.meeting_id`, scope.meetingIds)}
    order by rank desc, t.created_at desc
    limit ${limit}`,
  );
  return rows.map((r) => todoPassage(r, Number(r.rank), scope.todos));
}

/** A to-do row as a passage: its title, description, owner and state in one line. */
export function todoPassage(
  r: {
    meeting_id: string | null;
    title: string;
    description: string | null;
    assigned_to: string | null;
    completed: boolean;
  },
  rank: number,
  asTodo = false,
): FoundPassage {
  const parts = [r.title.trim()];
  if (r.description?.trim()) parts.push(r.description.trim());
  if (r.assigned_to?.trim()) parts.push(`(owner: ${r.assigned_to.trim()})`);
  if (r.completed) parts.push('(completed)');
  return {
    section: asTodo || !r.meeting_id ? 'todos' : 'actionItems',
    meetingId: r.meeting_id,
    speaker: null,
    start: null,
    position: null,
    text: parts.join(' — '),
    rank,
  };
}
