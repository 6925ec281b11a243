/**
 * One account never gets two meetings with the same generated title: two meetings about the same
 * subject would otherwise read alike in the sidebar and in every to-do's "From {meeting}". Every
 * path that saves a generated title (the pipeline after a recording, an upload or a
 * re-transcription, and the demo command) passes it through here.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { titleCandidates } from '@summy/core';
import { meetings, type Database } from '@summy/db';

/**
 * The first of `titleCandidates(title, date)` that no other meeting of the user has (compared
 * without regard to case or surrounding spaces): the title, else with the meeting's day, else with
 * a counter. Takes a per-user transaction lock first, so two meetings finishing at once cannot both
 * take the same title when called inside the transaction that saves it.
 * @param meetingId the meeting being titled, whose own current title does not count
 * @returns a title of at most 50 characters
 */
export async function uniqueMeetingTitle(
  db: Database,
  userId: string,
  title: string,
  date: Date,
  meetingId?: string,
): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`meeting_titles:${userId}`}))`);
  const candidates = titleCandidates(title, date);
  const key = (t: string) => t.trim().toLowerCase();
  const rows = await db
    .select({ title: meetings.title })
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, userId),
        meetingId ? ne(meetings.id, meetingId) : undefined,
        sql`lower(trim(${meetings.title})) in (${sql.join(
          candidates.map((c) => sql`${key(c)}`),
          sql`, `,
        )})`,
      ),
    );
  const taken = new Set(rows.map((r) => key(r.title)));
  return candidates.find((c) => !taken.has(key(c))) ?? candidates.at(-1)!;
}
