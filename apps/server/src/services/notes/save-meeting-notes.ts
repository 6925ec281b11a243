import { and, eq, sql } from 'drizzle-orm';
import type { MeetingNotes, SaveNotesBody } from '@summy/core';
import { meetingNotes, meetings, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { notesAnswer } from './read-notes.ts';

/**
 * Replaces the user's My notes of one of their meetings with the whole document
 * (`PUT /api/meetings/{id}/notes`; the last save wins: notes have one author). One statement
 * inserts from the owned meeting's row, so a foreign or just-deleted meeting stores nothing.
 * docs/product.md#my-notes.
 * @returns the notes as stored, with their new save time
 * @throws NotFoundError 'Meeting not found' when the meeting does not exist or is another user's
 */
export async function saveMeetingNotes(
  db: Database,
  userId: string,
  meetingId: string,
  body: SaveNotesBody,
): Promise<MeetingNotes> {
  const blocks = sql`${JSON.stringify(body.blocks)}::jsonb`;
  const [saved] = await db
    .insert(meetingNotes)
    .select(
      db
        .select({
          meetingId: meetings.id,
          userId: meetings.userId,
          blocks: sql`${blocks}`.as('blocks'),
          updatedAt: sql`now()`.as('updated_at'),
        })
        .from(meetings)
        .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId))),
    )
    .onConflictDoUpdate({
      target: [meetingNotes.meetingId, meetingNotes.userId],
      set: { blocks: sql`excluded.blocks`, updatedAt: sql`now()` },
    })
    .returning({ blocks: meetingNotes.blocks, updatedAt: meetingNotes.updatedAt });
  if (!saved) throw new NotFoundError('Meeting');
  return notesAnswer(saved.blocks, saved.updatedAt);
}
