/**
 * Full-text retrieval for the meeting assistant: the question's words, stemmed by PostgreSQL's
 * 'english' configuration, OR-ed into a `tsquery` and ranked with `ts_rank_cd` over the user's
 * transcript turns, summary paragraphs (meeting_passages) and action items (todos.search). Runs the
 * same on PGlite and PostgreSQL. Every query is scoped by `user_id`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ChatSection } from '@summy/core';
import { meetingPassages, type Database } from '@summy/db';

/** Rows of `db.execute`: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
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
  /** The meeting_passages row, for transcript and summary passages found by search. */
  passageId?: string;
  /**
   * True for a segment of the live draft transcript of a meeting still recording
   * (./live-sources.ts): `position` is then the segment's `seq` and `speaker` its channel's label.
   */
  live?: true;
}

/** The meeting_passages columns of a {@link FoundPassage}, for drizzle's `select`. */
export const passageColumns = {
  passageId: meetingPassages.id,
  meetingId: meetingPassages.meetingId,
  section: meetingPassages.section,
  position: meetingPassages.position,
  speaker: meetingPassages.speaker,
  start: meetingPassages.startSeconds,
  text: meetingPassages.content,
};

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

/** A search term with its weight. */
export interface WeightedTerm {
  lexeme: string;
  /** Passages of the user holding it. */
  df: number;
  /** ln(1 + passages / df): rare words count more. */
  idf: number;
}

/** Share of the user's passages above which a word is too common to select passages by. */
export const COMMON_TERM_SHARE = 0.02;

/**
 * Weighs the terms by how rare they are among the passages of the owners (search_lexemes): the
 * user's, plus those of shared meetings' owners when a question picks such meetings. Terms no
 * passage holds are dropped.
 */
export async function weighTerms(
  db: Database,
  owners: readonly string[],
  lexemes: readonly string[],
): Promise<{ total: number; terms: WeightedTerm[] }> {
  if (lexemes.length === 0) return { total: 0, terms: [] };
  const wanted = sql.join(
    ['', ...lexemes].map((l) => sql`${l}`),
    sql`, `,
  );
  const rows = await queryRows<{ lexeme: string; passages: number }>(
    db,
    owners.length === 1
      ? sql`select lexeme, passages from search_lexemes
            where user_id = ${owners[0]} and lexeme in (${wanted})`
      : sql`select lexeme, sum(passages)::int as passages from search_lexemes
            where ${ownedBy(sql`user_id`, owners)} and lexeme in (${wanted}) group by lexeme`,
  );
  const df = new Map(rows.map((r) => [r.lexeme, Number(r.passages)]));
  const total = Math.max(1, df.get('') ?? 0);
  const terms = lexemes
    .map((lexeme) => ({ lexeme, df: df.get(lexeme) ?? 0 }))
    .filter((t) => t.df > 0)
    .map((t) => ({ ...t, idf: Math.log(1 + total / t.df) }));
  return { total, terms };
}

/**
 * The terms that select candidate passages over many meetings: the rare ones (in at most 2% of
 * the passages), or the rarest one when all are common. Ranking still weighs every term.
 */
export function selectiveTerms(total: number, terms: readonly WeightedTerm[]): WeightedTerm[] {
  const sorted = [...terms].sort((a, b) => a.df - b.df);
  const rare = sorted.filter((t) => t.df / total <= COMMON_TERM_SHARE);
  return rare.length > 0 ? rare : sorted.slice(0, 1);
}

// Σ idf of the terms a passage holds, plus ts_rank_cd (length-normalized) to order ties.
function scoreSql(column: SQL, terms: readonly WeightedTerm[], weights?: string): SQL {
  const parts = terms.map(
    (t) =>
      sql`${t.idf}::float8 * (${column} @@ to_tsquery('simple', ${anyOfQuery([t.lexeme])}))::int`,
  );
  const rank = weights
    ? sql`ts_rank_cd(${weights}::float4[], ${column}, q.q, 1)`
    : sql`ts_rank_cd(${column}, q.q, 1)`;
  return sql`(${sql.join(parts, sql` + `)} + ${rank})`;
}

/** Where to search. */
export interface SearchScope {
  userId: string;
  /**
   * The accounts whose rows are read: the user's, and the owners of picked meetings shared with
   * the user (only with `meetingIds`, which then hold nothing else of theirs). The user's alone
   * when undefined.
   */
  ownerIds?: readonly string[] | undefined;
  /** Only these meetings (already checked to be readable); all of the user's when undefined. */
  meetingIds?: readonly string[] | undefined;
}

/** The accounts whose rows a scope reads ({@link SearchScope.ownerIds}). */
export function scopeOwners(scope: Pick<SearchScope, 'userId' | 'ownerIds'>): readonly string[] {
  return scope.ownerIds ?? [scope.userId];
}

/** SQL: `column` holds one of the accounts' ids. */
export function ownedBy(column: SQL, owners: readonly string[]): SQL {
  return sql`${column} in (${sql.join(
    owners.map((id) => sql`${id}`),
    sql`, `,
  )})`;
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
 * one meeting (so a question about several meetings hears from each), best first. Over more than
 * a few meetings only passages holding a rare term are considered ({@link selectiveTerms}), which
 * keeps a year of meetings as fast as one.
 */
export async function searchMeetingPassages(
  db: Database,
  scope: SearchScope,
  weighted: { total: number; terms: readonly WeightedTerm[] },
  { limit = 12, perMeeting = limit }: { limit?: number; perMeeting?: number } = {},
): Promise<FoundPassage[]> {
  const { total, terms } = weighted;
  if (terms.length === 0) return [];
  const narrow = scope.meetingIds !== undefined && scope.meetingIds.length <= 5;
  const select = narrow ? terms : selectiveTerms(total, terms);
  const score = scoreSql(sql`p.search`, terms);
  const rows = await queryRows<any>(
    db,
    sql`
    with q as (select to_tsquery('simple', ${anyOfQuery(terms.map((t) => t.lexeme))}) as q,
                      to_tsquery('simple', ${anyOfQuery(select.map((t) => t.lexeme))}) as sel)
    select id, meeting_id, section, position, speaker, start_seconds, content, rank from (
      select p.id, p.meeting_id, p.section, p.position, p.speaker, p.start_seconds, p.content,
        ${score} as rank,
        row_number() over (partition by p.meeting_id order by ${score} desc, p.position) as nth
      from meeting_passages p, q
      where ${ownedBy(sql`p.user_id`, scopeOwners(scope))} and p.search @@ q.sel
        and ${meetingFilter(sql`p.meeting_id`, scope.meetingIds)}
    ) r
    where nth <= ${perMeeting}
    order by rank desc, meeting_id, position
    limit ${limit}`,
  );
  return rows.map((r) => ({
    passageId: r.id,
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
  weighted: { terms: readonly WeightedTerm[] },
  limit = 6,
): Promise<FoundPassage[]> {
  if (lexemes.length === 0) return [];
  // Words the meetings never use still count in to-dos (weight 1, like a rare word's floor).
  const known = new Map(weighted.terms.map((t) => [t.lexeme, t]));
  const terms = lexemes.map((l) => known.get(l) ?? { lexeme: l, df: 0, idf: 1 });
  const rows = await queryRows<any>(
    db,
    sql`
    with q as (select to_tsquery('simple', ${anyOfQuery(lexemes)}) as q)
    select t.meeting_id as "meetingId", t.title, t.description, t.assigned_to as "assignedTo", t.completed,
      -- todos.search carries no weights (all D): weigh D like the passages' A.
      ${scoreSql(sql`t.search`, terms, '{1,1,1,1}')} as rank
    from todos t, q
    where ${ownedBy(sql`t.user_id`, scopeOwners(scope))} and t.search @@ q.q
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
    meetingId: string | null;
    title: string;
    description: string | null;
    assignedTo: string | null;
    completed: boolean;
  },
  rank: number,
  asTodo = false,
): FoundPassage {
  const parts = [r.title.trim()];
  if (r.description?.trim()) parts.push(r.description.trim());
  if (r.assignedTo?.trim()) parts.push(`(owner: ${r.assignedTo.trim()})`);
  if (r.completed) parts.push('(completed)');
  return {
    section: asTodo || !r.meetingId ? 'todos' : 'actionItems',
    meetingId: r.meetingId,
    speaker: null,
    start: null,
    position: null,
    text: parts.join(' — '),
    rank,
  };
}
