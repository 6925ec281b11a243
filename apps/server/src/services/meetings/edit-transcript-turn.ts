/**
 * `PATCH /api/meetings/{id}/transcript/turns/{index}`: the user corrects what one speaker turn says
 * (a misheard name, a wrong word). The turn keeps its speaker label and the speaker map is not
 * touched; `summary_data.turnTimes` stays one time per paragraph that says something; `updated_at`
 * is stamped, so the search passages (the chat's sources and the meeting search) are rebuilt from
 * the new text, and exports and MCP read it from the meeting row. Undo is the same call with the
 * old text.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  mergeTurnTimes,
  parseTranscript,
  replaceTurnText,
  TEXT_LIMITS,
  TRANSCRIPT_CHANGED,
  type EditTranscriptTurnInput,
  type Meeting,
} from '@summy/core';
import { meetings, type Database } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { AppError, ValidationError } from '../../errors/app-errors.ts';
import { getMeeting } from './get-meeting.ts';
import { lockEditableMeeting } from './lock-editable-meeting.ts';
import { readSummaryData, readTurnTimes } from './to-meeting.ts';

/** 409: the turn's stored text is not the `previous` the client sent (another edit came first). */
export class TranscriptChangedError extends AppError {
  constructor() {
    super(409, TRANSCRIPT_CHANGED, 'The turn does not hold the text the edit started from');
  }
}

/**
 * Replaces the text of turn `index` (as parseTranscript numbers the turns) of one of the user's
 * meetings, under a row lock so two edits cannot interleave.
 * @param index the turn, from 0
 * @returns the meeting as `GET /api/meetings/{id}` answers it, with a signed audio URL
 * @throws NotFoundError 404 when the meeting does not exist or belongs to another user
 * @throws MeetingBusyError 409 while it is being recorded or processed (its transcript is replaced)
 * @throws TranscriptChangedError 409 when the turn's text is not `input.previous`
 * @throws ValidationError 400 when there is no such turn, or the transcript would pass its limit
 */
export async function editTranscriptTurn(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  userId: string,
  id: string,
  index: number,
  input: EditTranscriptTurnInput,
): Promise<Meeting> {
  const { db } = deps.database;
  const owned = and(eq(meetings.id, id), eq(meetings.userId, userId));
  await db.transaction(async (tx) => {
    const row = await lockEditableMeeting(tx as unknown as Database, userId, id);
    const turn = parseTranscript(row.transcript)[index];
    if (!turn) throw new ValidationError(`This transcript has no turn ${index + 1}`);
    if (turn.text !== input.previous) throw new TranscriptChangedError();
    const edit = replaceTurnText(row.transcript!, index, input.text)!;
    if (edit.after === turn.text && edit.spokenCount === 1) return;
    if (edit.transcript.length > TEXT_LIMITS.transcript) {
      throw new ValidationError(
        `The transcript would be longer than ${TEXT_LIMITS.transcript.toLocaleString('en')} characters`,
      );
    }
    // Paragraphs made one: their times become one too (else the view's times would shift).
    const data = edit.spokenCount > 1 ? readSummaryData(row.summaryData) : null;
    const turnTimes = data && mergeTurnTimes(readTurnTimes(data), edit);
    await tx
      .update(meetings)
      .set({
        transcript: edit.transcript,
        ...(data && turnTimes?.length ? { summaryData: { ...data, turnTimes } } : {}),
        updatedAt: sql`now()`,
      })
      .where(owned);
  });
  return getMeeting(db, userId, id, deps.storage);
}
