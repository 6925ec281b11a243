import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { MeetingList } from '@summy/core';
import { meetings, type Database } from '@summy/db';
import { ValidationError } from '../../errors/app-errors.ts';
import type { MeetingListCache } from './meeting-list-cache.ts';
import { toMeetingListItem } from './to-meeting.ts';

/** Page size bounds of the meeting list. */
export const MEETING_PAGE = { default: 100, max: 1000 } as const;

function encodeCursor(date: Date, id: string): string {
  return Buffer.from(`${date.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { date: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(iso ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new ValidationError('Invalid cursor');
  }
  return { date, id };
}

/** Words of a /meetings search that are matched one by one; more are ignored. */
export const MAX_SEARCH_WORDS = 8;

/** `ilike` pattern of text anywhere in a column; `%`, `_` and `\\` match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The /meetings search: the title contains the whole text, or every word is in the title or in one
 * of the meeting's search passages (transcript turns and summary paragraphs, the chat's full-text
 * index, stemmed with PostgreSQL's 'english' configuration, so 'budgets' finds 'budget'). A stop
 * word ('the') alone constrains nothing. The `exists` is a semi-join PostgreSQL answers from the
 * GIN index on `meeting_passages.search`.
 */
function searchFilter(userId: string, search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  const perWord = words.map(
    (word) =>
      sql`(numnode(plainto_tsquery('english', ${word})) = 0
        or ${meetings.title} ilike ${containsPattern(word)}
        or exists (select 1 from meeting_passages p
                   where p.user_id = ${userId} and p.meeting_id = ${meetings.id}
                     and p.search @@ plainto_tsquery('english', ${word})))`,
  );
  return or(ilike(meetings.title, containsPattern(search)), and(...perWord));
}

/**
 * The user's meetings, date descending, one keyset page at a time.
 * @param limit rows per page (1 to 1000, default 100)
 * @param cursor `nextCursor` of the previous page
 * @param q only titles containing this text, case-insensitive (the chat's meeting picker); `%`, `_`
 * and `\\` match themselves
 * @param search title or transcript words (the /meetings screen; see {@link searchFilter}) over the
 * search passages as they are: the request never rebuilds them; the `search.index` job does,
 * seconds after a meeting is written (services/assistant/search-index-job.ts)
 * @throws ValidationError for a malformed cursor
 */
export async function listMeetings(
  db: Database,
  userId: string,
  {
    limit = MEETING_PAGE.default,
    cursor,
    q,
    search,
  }: {
    limit?: number;
    cursor?: string | undefined;
    q?: string | undefined;
    search?: string | undefined;
  } = {},
): Promise<MeetingList> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const text = search?.trim();
  const rows = await db
    .select({
      id: meetings.id,
      title: meetings.title,
      date: meetings.date,
      duration: meetings.duration,
      userId: meetings.userId,
      isRecording: meetings.isRecording,
      isProcessing: meetings.isProcessing,
      participants: meetings.participants,
      speakerNames: meetings.speakerNames,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, userId),
        after
          ? sql`(${meetings.date}, ${meetings.id}) < (${after.date.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
        q?.trim() ? ilike(meetings.title, containsPattern(q.trim())) : undefined,
        text ? searchFilter(userId, text) : undefined,
      ),
    )
    .orderBy(desc(meetings.date), desc(meetings.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toMeetingListItem),
    nextCursor: rows.length > limit && last ? encodeCursor(last.date, last.id) : null,
  };
}

/**
 * {@link listMeetings} as the JSON `GET /api/meetings` answers, in UTF-8 bytes, from this
 * process's cache while
 * none of the user's meetings changed (meeting-list-cache.ts). Searches are not kept: they read
 * the search passages too, and are rarer.
 * @throws ValidationError 'Invalid cursor' (as listMeetings)
 */
export async function listMeetingsJson(
  db: Database,
  cache: MeetingListCache | undefined,
  userId: string,
  query: Parameters<typeof listMeetings>[2] = {},
): Promise<Buffer<ArrayBuffer>> {
  if (!cache || query.search?.trim())
    return Buffer.from(JSON.stringify(await listMeetings(db, userId, query)));
  const key = JSON.stringify([query.limit ?? null, query.cursor ?? null, query.q?.trim() || null]);
  return cache.load(userId, key, async () => JSON.stringify(await listMeetings(db, userId, query)));
}
