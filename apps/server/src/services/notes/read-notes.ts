import { and, eq, inArray } from 'drizzle-orm';
import { notesMarkdown, type MeetingNotes, type NoteBlock } from '@summy/core';
import { meetingNotes, type Database } from '@summy/db';

/**
 * The stored notes of one meeting by one user as the routes answer them: empty blocks and
 * `updatedAt` null when none were ever saved. Does not check that the meeting is the user's:
 * callers that take an id from a request check that first (notes are stored per owner, so
 * another user's id simply has none).
 */
export async function readNotes(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<MeetingNotes> {
  const [row] = await db
    .select({ blocks: meetingNotes.blocks, updatedAt: meetingNotes.updatedAt })
    .from(meetingNotes)
    .where(and(eq(meetingNotes.meetingId, meetingId), eq(meetingNotes.userId, userId)));
  return notesAnswer(row?.blocks ?? [], row?.updatedAt ?? null);
}

/** Blocks and their save time in the shape of `meetingNotesSchema`. */
export function notesAnswer(blocks: NoteBlock[], updatedAt: Date | null): MeetingNotes {
  return { blocks, markdown: notesMarkdown(blocks), updatedAt: updatedAt?.toISOString() ?? null };
}

/**
 * The user's notes of several meetings at once, as Markdown (exports, the series' 'Last time').
 * @returns meeting id → the notes' Markdown; meetings without notes, or whose notes are blank,
 *   are absent
 */
export async function readNotesMarkdown(
  db: Database,
  userId: string,
  meetingIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (meetingIds.length === 0) return found;
  const rows = await db
    .select({ meetingId: meetingNotes.meetingId, blocks: meetingNotes.blocks })
    .from(meetingNotes)
    .where(and(eq(meetingNotes.userId, userId), inArray(meetingNotes.meetingId, [...meetingIds])));
  for (const row of rows) {
    const markdown = notesMarkdown(row.blocks);
    if (markdown) found.set(row.meetingId, markdown);
  }
  return found;
}

/** A meeting's notes as exports carry them: the blocks and the Markdown document. */
export interface ExportNotes {
  blocks: NoteBlock[];
  markdown: string;
}

/**
 * The user's notes of a meeting for its exports.
 * @returns null when there are none or they hold no text
 */
export async function readExportNotes(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<ExportNotes | null> {
  const { blocks, markdown } = await readNotes(db, userId, meetingId);
  return markdown ? { blocks, markdown } : null;
}
