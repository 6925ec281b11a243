/**
 * Correcting the text of one speaker turn of a stored transcript (a misheard name, a wrong word):
 * the request body of `PATCH /api/meetings/{id}/transcript/turns/{index}` and the edit itself.
 * Turns are numbered as parseTranscript numbers them (what the meeting view shows); the stored
 * transcript keeps its labels and its other paragraphs byte for byte.
 */
import { meetingSchema } from './contracts.ts';
import { boundedText, TEXT_LIMITS } from './limits.ts';
import { readLabel, spokenParagraphs } from './transcript.ts';
import { z } from './zod.ts';

/** The message of the 409 answered when `previous` is not the turn's text any more. */
export const TRANSCRIPT_CHANGED =
  'The transcript changed since you opened it. Reload to see the latest.';

/**
 * Body of `PATCH /api/meetings/{id}/transcript/turns/{index}`: the turn's new text and the text the
 * client saw (`previous`, compared with the stored turn so a stale page cannot overwrite a newer
 * edit). Both 1 to 2,000,000 characters (a turn may be a whole monologue), no NUL.
 */
export const editTranscriptTurnSchema = z
  .object({
    text: boundedText(TEXT_LIMITS.transcript)
      .refine((t) => t.trim().length > 0, 'Write the text of the turn: it cannot be empty')
      .describe('The new text of the turn, without its speaker label'),
    previous: boundedText(TEXT_LIMITS.transcript).describe(
      "The turn's text as the client last saw it",
    ),
  })
  .strict();
export type EditTranscriptTurnInput = z.infer<typeof editTranscriptTurnSchema>;

/** Answer of `PATCH /api/meetings/{id}/transcript/turns/{index}`: the meeting with the edit. */
export const editTranscriptTurnAnswerSchema = z.object({ meeting: meetingSchema });
export type EditTranscriptTurnAnswer = z.infer<typeof editTranscriptTurnAnswerSchema>;

/** The result of {@link replaceTurnText}. */
export interface TurnTextEdit {
  /** The whole transcript with the turn replaced. */
  transcript: string;
  /** The turn's text after it (blank lines inside made single line breaks, trimmed). */
  after: string;
  /** Position of the turn's first paragraph among the paragraphs that say something. */
  firstSpoken: number;
  /** How many such paragraphs the turn had (several when one speaker's paragraphs merged). */
  spokenCount: number;
  /** How many paragraphs of the whole transcript say something. */
  totalSpoken: number;
}

/** Where turn `index` is written: its paragraphs' span and their positions among all spoken ones. */
function findTurn(transcript: string, index: number) {
  const paragraphs = spokenParagraphs(transcript);
  let turn = -1;
  let first = -1;
  let count = 0;
  paragraphs.forEach((p, i) => {
    if (i === 0 || p.speaker !== paragraphs[i - 1]!.speaker) turn++;
    if (turn !== index) return;
    if (first < 0) first = i;
    count++;
  });
  if (first < 0) return null;
  return {
    first: paragraphs[first]!,
    last: paragraphs[first + count - 1]!,
    firstIndex: first,
    count,
    total: paragraphs.length,
  };
}

/**
 * Replaces the text of turn `index` (parseTranscript's numbering), keeping its speaker label as
 * written. A turn written as several paragraphs of one speaker becomes one paragraph. Blank lines
 * in `text` become single line breaks (a blank line would start a new turn); a label is written
 * before a paragraph that had none when the new text would otherwise read as one ('Note: …').
 * @returns null when the transcript has no turn `index`
 */
export function replaceTurnText(
  transcript: string,
  index: number,
  text: string,
): TurnTextEdit | null {
  const found = findTurn(transcript, index);
  if (!found) return null;
  const { first, last } = found;
  const after = text.replace(/\n[ \t]*\n\s*/g, '\n').trim();
  const label = first.label || (readLabel(after) ? `${first.speaker}: ` : '');
  return {
    transcript: transcript.slice(0, first.start) + label + after + transcript.slice(last.end),
    after,
    firstSpoken: found.firstIndex,
    spokenCount: found.count,
    totalSpoken: found.total,
  };
}

/**
 * Keeps stored turn times (one per paragraph that says something, in order) aligned after
 * {@link replaceTurnText} made a turn's paragraphs one: their times become one, from the first's
 * start to the latest end. Times that were not aligned (another count) are returned unchanged.
 */
export function mergeTurnTimes<T extends { start: number; end: number }>(
  times: readonly T[],
  edit: Pick<TurnTextEdit, 'firstSpoken' | 'spokenCount' | 'totalSpoken'>,
): T[] {
  if (edit.spokenCount < 2 || times.length !== edit.totalSpoken) return [...times];
  const merged = times.slice(edit.firstSpoken, edit.firstSpoken + edit.spokenCount);
  const first = merged[0]!;
  const end = Math.max(...merged.map((t) => t.end));
  return [
    ...times.slice(0, edit.firstSpoken),
    { ...first, end },
    ...times.slice(edit.firstSpoken + edit.spokenCount),
  ];
}
