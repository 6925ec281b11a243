/** `POST /api/meetings/{id}/shares`: a new share link of one of the user's meetings. */
import { and, eq } from 'drizzle-orm';
import type { CreateShareLinkInput, CreatedShareLink } from '@summy/core';
import { meetings, meetingShares, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { toShareLink } from './share-rows.ts';
import { hashSharePassword, newShareToken, shareExpiresAt } from './share-tokens.ts';

/**
 * Makes a link to the meeting showing `input.parts` (My notes only when `parts.notes`), expiring
 * after `input.expiry` and, with `input.password`, asking for it. The answer holds the token,
 * which is stored only as its SHA-256 and never shown again.
 * @throws NotFoundError when the meeting does not exist or is another user's
 */
export async function createShareLink(
  db: Database,
  userId: string,
  meetingId: string,
  input: CreateShareLinkInput,
): Promise<CreatedShareLink> {
  const [meeting] = await db
    .select({ title: meetings.title })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
  if (!meeting) throw new NotFoundError('Meeting');
  const { token, hash } = newShareToken();
  const { parts } = input;
  const [row] = await db
    .insert(meetingShares)
    .values({
      meetingId,
      ownerId: userId,
      tokenHash: hash,
      expiresAt: shareExpiresAt(input.expiry),
      includeSummary: parts.summary,
      includeActionItems: parts.actionItems,
      includeTranscript: parts.transcript,
      includeAudio: parts.recording,
      includeNotes: parts.notes,
      passwordHash: input.password ? await hashSharePassword(input.password) : null,
    })
    .returning();
  return { ...toShareLink(row!, meeting.title), token };
}
