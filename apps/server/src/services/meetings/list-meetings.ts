import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { MeetingList } from '@summy/core';
import { meetings, type Database } from '@summy/db';
import { ValidationError } from '../../http/errors.ts';
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

/**
 * The user's meetings, date descending (spec 000 section 7), one keyset page at a time.
 * @param limit rows per page (1 to 1000, default 100)
 * @param cursor `nextCursor` of the previous page
 * @param q only titles containing this text, case-insensitive (spec 000 section 5, the chat's
 *   meeting picker); `%`, `_` and `\\` match themselves
 * @throws ValidationError for a malformed cursor
 */
export async function listMeetings(
  db: Database,
  userId: string,
  {
    limit = MEETING_PAGE.default,
    cursor,
    q,
  }: { limit?: number; cursor?: string | undefined; q?: string | undefined } = {},
): Promise<MeetingList> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await db
    .select({
      id: meetings.id,
      title: meetings.title,
      date: meetings.date,
      duration: meetings.duration,
      userId: meetings.userId,
      isRecording: meetings.isRecording,
      isProcessing: meetings.isProcessing,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, userId),
        after
          ? sql`(${meetings.date}, ${meetings.id}) < (${after.date.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
        q?.trim() ? ilike(meetings.title, `%${q.trim().replace(/[\\%_]/g, '\\$&')}%`) : undefined,
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
