/**
 * Search everywhere, the Cmd+K / Ctrl+K palette's one request: the user's meetings, to-dos,
 * contacts and past chats matching a text, grouped (docs/decisions/058-search-everywhere.md).
 * Meetings and to-dos are matched on the full-text index (stems of the 'english' configuration,
 * the last word as a prefix); contacts and chats, a few hundred per user, by substring. Every
 * query is scoped by `user_id`.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_LIMITS,
  searchWords,
  type ChatHit,
  type ContactHit,
  type SearchResults,
  type TodoHit,
} from '@summy/core';
import type { Database } from '@summy/db';
import { queryRows } from '../assistant/search-passages.ts';
import { excerptAround, headlineSql, highlightWords, parseHeadline } from './highlight.ts';
import { RECENT_ROWS, searchMeetings } from './search-meetings.ts';
import { searchQuery, type SearchQuery } from './search-terms.ts';

const likeAll = (column: string, words: readonly string[]) =>
  sql`${sql.identifier(column)} ilike all (array[${sql.join(
    words.map((w) => sql`${`%${w}%`}`),
    sql`, `,
  )}]::text[])`;

/**
 * To-dos whose title or description holds every term, newest first, the title highlighted: among
 * the newest {@link RECENT_ROWS} to-dos first (a common word stops there), else from
 * `todos.search`'s index, which then holds few matches.
 */
async function searchTodoHits(
  db: Database,
  userId: string,
  query: SearchQuery,
  limit: number,
): Promise<TodoHit[]> {
  if (!query.tsquery) return [];
  const q = sql`to_tsquery('simple', ${query.tsquery})`;
  type Row = { id: string; completed: boolean; meeting_id: string | null; headline: string };
  // The headline is computed on the few rows answered only.
  const marked = (inner: SQL) =>
    sql`select s.id, s.completed, s.meeting_id, ${headlineSql(sql`s.title`, q, true)} as headline
        from (${inner}) s`;
  let rows = await queryRows<Row>(
    db,
    marked(sql`select * from (
          select id, title, completed, meeting_id, created_at, search from todos
          where user_id = ${userId} order by created_at desc, id desc limit ${RECENT_ROWS}
        ) t where search @@ ${q} order by created_at desc, id desc limit ${limit}`),
  );
  if (rows.length < limit) {
    // As for meeting titles (search-meetings.ts): the search index answers.
    rows = await queryRows<Row>(
      db,
      marked(sql`select id, title, completed, meeting_id from todos
          where search @@ (select ${q}) and user_id || '' = ${userId}
          order by created_at desc, id desc limit ${limit}`),
    );
  }
  return rows.map((r) => ({
    id: r.id,
    title: parseHeadline(r.headline),
    completed: Boolean(r.completed),
    meetingId: r.meeting_id,
  }));
}

/** Contacts whose name or e-mail contains every word (each word in either), by name. */
async function searchContactHits(
  db: Database,
  userId: string,
  words: readonly string[],
  limit: number,
): Promise<ContactHit[]> {
  const each = words.map((w) => sql`(display_name ilike ${`%${w}%`} or email ilike ${`%${w}%`})`);
  const rows = await queryRows<{
    id: string;
    display_name: string | null;
    email: string;
    photo_url: string | null;
  }>(
    db,
    sql`
    select id, display_name, email, photo_url from contacts
    where user_id = ${userId} and ${sql.join(each, sql` and `)}
    order by display_name is null, lower(coalesce(display_name, '')), email
    limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.display_name ? highlightWords(r.display_name, words) : null,
    email: highlightWords(r.email, words),
    photoUrl: r.photo_url,
  }));
}

/** Past chats whose title, or one of whose questions, contains every word; newest first. */
async function searchChatHits(
  db: Database,
  userId: string,
  words: readonly string[],
  limit: number,
): Promise<ChatHit[]> {
  const rows = await queryRows<{
    id: string;
    title: string | null;
    created_at: Date | string;
    context_meeting_ids: string[] | string;
    title_match: boolean;
    question: string | null;
  }>(
    db,
    sql`
    select c.id, c.title, c.created_at, c.context_meeting_ids,
      coalesce(${likeAll('title', words)}, false) as title_match,
      coalesce(
        (select m.content from chat_messages m
          where m.chat_id = c.id and m.user_id = ${userId} and m.is_user
            and ${likeAll('content', words)}
          order by m.timestamp limit 1),
        (select m.content from chat_messages m
          where m.chat_id = c.id and m.user_id = ${userId} and m.is_user
          order by m.timestamp limit 1)) as question
    from chats c
    where c.user_id = ${userId}
      and (${likeAll('title', words)}
        or exists (select 1 from chat_messages m
          where m.chat_id = c.id and m.user_id = ${userId} and m.is_user
            and ${likeAll('content', words)}))
    order by c.created_at desc, c.id desc
    limit ${limit}`,
  );
  return rows.map((r) => {
    const title = r.title?.trim() || (r.question ? r.question.trim() : 'Chat');
    return {
      id: r.id,
      title: highlightWords(title.length > 80 ? `${title.slice(0, 79)}…` : title, words),
      savedTitle: r.title,
      snippet:
        r.title?.trim() && !r.title_match && r.question ? excerptAround(r.question, words) : null,
      createdAt: new Date(r.created_at).toISOString(),
      contextMeetingIds: parseUuidArray(r.context_meeting_ids),
    };
  });
}

// node-postgres parses uuid[] into an array; PGlite may answer the '{a,b}' text.
function parseUuidArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/**
 * Searches the user's meetings, to-dos, contacts and past chats for `text`.
 * @param text the palette's text; its words are runs of letters and digits (`searchWords`), the
 *   last one matched as a prefix
 * @param limit results per group, 1 to {@link SEARCH_LIMITS.perGroupMax}
 * @returns every group empty when the text has no word
 */
export async function searchEverything(
  db: Database,
  userId: string,
  { text, limit = SEARCH_LIMITS.perGroupDefault }: { text: string; limit?: number },
): Promise<SearchResults> {
  const words = searchWords(text);
  const empty: SearchResults = { query: text, meetings: [], todos: [], contacts: [], chats: [] };
  if (words.length === 0) return empty;
  const query = await searchQuery(db, userId, words);
  // All at once: PostgreSQL answers them on several connections, and PGlite, with one, finds
  // the next statement already waiting when one ends.
  const [meetings, todos, contacts, chats] = await Promise.all([
    searchMeetings(db, userId, words, query, limit),
    searchTodoHits(db, userId, query, limit),
    searchContactHits(db, userId, words, limit),
    searchChatHits(db, userId, words, limit),
  ]);
  return { query: text, meetings, todos, contacts, chats };
}
