/**
 * The Meetings group of search everywhere: titles holding every term, and the best transcript
 * turn or summary paragraph of the meetings whose search passages (meeting_passages, the
 * assistant's full-text index) match the query. docs/decisions/058-search-everywhere.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MeetingHit } from '@summy/core';
import type { Database } from '@summy/db';
import { queryRows } from '../assistant/search-passages.ts';
import { headlineSql, highlightWords, parseHeadline } from './highlight.ts';
import type { SearchQuery } from './search-terms.ts';

/**
 * Most passages a query may match and still be ranked over all of them. A commoner query (one
 * word the person has barely started, or a word every meeting uses) answers the newest meetings
 * that match, which reads a handful of meetings instead of ranking thousands of passages.
 */
export const RANKED_PASSAGES_MAX = 600;

/** Matching passages the ranking reads when the recency walk found too few meetings. */
export const RANKED_PASSAGES_CAP = 1_000;

/** Newest meetings the recency walk probes before it falls back to the capped ranking. */
export const RECENT_MEETINGS_MAX = 200;

/**
 * Newest rows (meetings, to-dos) whose title is checked before the title index is asked: a common
 * word is found among them, and a rarer one is cheap to read from the index.
 */
export const RECENT_ROWS = 300;

interface PassageRow {
  meeting_id: string;
  title: string;
  date: Date | string;
  section: 'summary' | 'transcript';
  position: number;
  start_seconds: number | null;
  speaker: string | null;
  content: string;
  headline: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Meetings whose title holds every term, newest first, the title highlighted: among the newest
 * {@link RECENT_ROWS} meetings first (a common word stops there), else from the title index
 * (`meetings_title_search_idx`), which then holds few matches.
 */
async function titleMatches(db: Database, userId: string, query: SearchQuery, limit: number) {
  if (!query.tsquery) return [];
  const q = sql`to_tsquery('simple', ${query.tsquery})`;
  type Row = { id: string; title: string; date: Date | string; headline: string };
  // The headline is computed on the few rows answered only.
  const marked = (inner: SQL) =>
    sql`select s.*, ${headlineSql(sql`s.title`, q, true)} as headline from (${inner}) s`;
  let rows = await queryRows<Row>(
    db,
    marked(sql`select id, title, date from (
          select id, title, date from meetings where user_id = ${userId}
          order by date desc, id desc limit ${RECENT_ROWS}
        ) m where to_tsvector('english', title) @@ ${q}
        order by date desc, id desc limit ${limit}`),
  );
  if (rows.length < limit) {
    // Only the title index answers: `user_id || ''` keeps the planner off the user's date index,
    // and the query as an InitPlan (default selectivity) from guessing that a word it has no
    // statistics for is common, which read every meeting row, transcripts and all.
    rows = await queryRows<Row>(
      db,
      marked(sql`select id, title, date from meetings
          where to_tsvector('english', title) @@ (select ${q}) and user_id || '' = ${userId}
          order by date desc, id desc limit ${limit}`),
    );
  }
  return rows.map((r) => ({ ...r, highlighted: parseHeadline(r.headline) }));
}

/** The best passage of each of the given meetings' rows, ranked; `candidates` bounds the read. */
function rankedSql(userId: string, q: SQL, limit: number, candidates?: number): SQL {
  return sql`
    select b.*, m.title, m.date from (
      select distinct on (c.meeting_id) c.* from (
        select p.meeting_id, p.section, p.position, p.start_seconds, p.speaker, p.content,
          ts_rank_cd(p.search, ${q}, 1) as rank
        from meeting_passages p
        where p.user_id = ${userId} and p.search @@ ${q}
        ${candidates ? sql`limit ${candidates}` : sql``}
      ) c
      order by c.meeting_id, c.rank desc, c.section desc, c.position
    ) b join meetings m on m.id = b.meeting_id and m.user_id = ${userId}
    order by b.rank desc, m.date desc
    limit ${limit}`;
}

/**
 * The best passage of each matching meeting. With few matching passages
 * ({@link RANKED_PASSAGES_MAX}) every one is ranked (`ts_rank_cd`, length-normalised) and the
 * meetings come best first. Otherwise the newest {@link RECENT_MEETINGS_MAX} meetings are probed
 * newest first, each with its best passage; when they hold fewer than `limit` matches (a common
 * word of older meetings only), the ranking runs over the first {@link RANKED_PASSAGES_CAP}
 * matching passages.
 */
async function passageMatches(
  db: Database,
  userId: string,
  query: SearchQuery,
  limit: number,
): Promise<PassageRow[]> {
  if (!query.tsquery || query.passages === 0) return [];
  const q = sql`to_tsquery('simple', ${query.tsquery})`;
  const headline = headlineSql(sql`s.content`, q);
  const withHeadlines = (inner: SQL) =>
    queryRows<PassageRow>(db, sql`select s.*, ${headline} as headline from (${inner}) s`);
  if (query.passages <= RANKED_PASSAGES_MAX) return withHeadlines(rankedSql(userId, q, limit));
  const recent = await withHeadlines(sql`
    select m.id as meeting_id, m.title, m.date, h.* from (
      select id, title, date from meetings where user_id = ${userId}
      order by date desc, id desc limit ${RECENT_MEETINGS_MAX}
    ) m
    cross join lateral (
      select p.section, p.position, p.start_seconds, p.speaker, p.content
      from meeting_passages p
      -- ts_match_vq is @@ as a function, which no index answers: each meeting's few passages
      -- are read by its meeting index, never by a scan of the search index per meeting.
      where p.meeting_id = m.id and p.user_id = ${userId} and ts_match_vq(p.search, ${q})
      order by ts_rank_cd(p.search, ${q}, 1) desc, p.section desc, p.position
      limit 1
    ) h
    order by m.date desc, m.id desc
    limit ${limit}`);
  if (recent.length >= limit) return recent;
  const older = await withHeadlines(rankedSql(userId, q, limit, RANKED_PASSAGES_CAP));
  const seen = new Set(recent.map((r) => r.meeting_id));
  return [...recent, ...older.filter((r) => !seen.has(r.meeting_id))].slice(0, limit);
}

/**
 * Meetings matching the query: those with a matching passage (best first, each with the passage's
 * highlighted fragment, and its turn index and start for a transcript turn), then those whose
 * title alone matched (newest first), at most `limit`. Passages exist once the `search.index` job
 * has indexed a meeting (seconds after each write); until then only its title is found.
 * @param words the query's words (`searchWords`), marked where they occur in a passage hit's title
 */
export async function searchMeetings(
  db: Database,
  userId: string,
  words: readonly string[],
  query: SearchQuery,
  limit: number,
): Promise<MeetingHit[]> {
  const [titles, passages] = await Promise.all([
    titleMatches(db, userId, query, limit),
    passageMatches(db, userId, query, limit),
  ]);
  const hits: MeetingHit[] = passages.map((p) => ({
    id: p.meeting_id,
    title: highlightWords(p.title, words),
    date: iso(p.date),
    section: p.section,
    snippet: parseHeadline(p.headline, p.content),
    position: Number(p.position),
    start: p.start_seconds == null ? null : Number(p.start_seconds),
    speaker: p.speaker,
  }));
  // A title match leads: the person typed the meeting's name. Its best passage, when it has one,
  // still tells where the words are said.
  const byId = new Map(hits.map((h) => [h.id, h]));
  const titled: MeetingHit[] = titles.map((t) => {
    const hit = byId.get(t.id);
    return hit
      ? { ...hit, title: t.highlighted }
      : {
          id: t.id,
          title: t.highlighted,
          date: iso(t.date),
          section: 'title',
          snippet: null,
          position: null,
          start: null,
          speaker: null,
        };
  });
  const seen = new Set(titled.map((t) => t.id));
  return [...titled, ...hits.filter((h) => !seen.has(h.id))].slice(0, limit);
}
