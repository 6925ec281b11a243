/**
 * The notes written around My notes (the summary step of a meeting with notes): a language
 * model's, checked and asked once more on problems, else the notes as written with the offline
 * extractive summary's points under 'Also discussed' (docs/decisions/071).
 */
import {
  ALSO_DISCUSSED,
  noteLinesOf,
  type NoteLine,
  type WrittenBullet,
  type WrittenNotes,
  type WrittenSection,
} from '@summy/core';
import type { Database } from '@summy/db';
import { readNotes } from '../notes/read-notes.ts';
import {
  TextGenerationError,
  WrittenNotesRejectedError,
  type NotesInput,
  type TextModel,
} from '../../providers/llm/types.ts';
import { extractivePointsOffThread } from '../../providers/llm/offline/text-pool.ts';
import type { ExtractivePoint } from '../../providers/llm/offline/points.ts';
import { log } from '../../log.ts';

/**
 * The meeting owner's note lines (core `noteLinesOf` of the stored blocks); empty when the owner
 * wrote none. Only the owner's: another user's notes never shape the meeting's summary.
 */
export async function ownerNoteLines(
  db: Database,
  meetingId: string,
  userId: string,
): Promise<NoteLine[]> {
  return noteLinesOf((await readNotes(db, userId, meetingId)).blocks);
}

/**
 * The notes as written (each note line one bullet with its ref, discussed, no citation; each
 * heading a section in order, the lines before the first heading a section without heading),
 * then the extractive `points` under 'Also discussed'. Deterministic: the same lines and points
 * give the same notes.
 * @param fallbackReason why a model's answer was not used (its first problem); null otherwise
 */
export function notesAsWritten(
  lines: readonly NoteLine[],
  points: readonly ExtractivePoint[],
  fallbackReason: string | null = null,
): WrittenNotes {
  const bulletOf = (l: NoteLine): WrittenBullet => ({
    text: l.text,
    noteRef: l.ref,
    citations: [],
    discussed: true,
  });
  const under = (section: string | null) =>
    lines.filter((l) => l.kind !== 'heading' && l.section === section).map(bulletOf);
  const sections: WrittenSection[] = [];
  const lead = under(null);
  if (lead.length) sections.push({ heading: null, noteRef: null, bullets: lead });
  for (const h of lines.filter((l) => l.kind === 'heading')) {
    sections.push({ heading: h.text, noteRef: h.ref, bullets: under(h.ref) });
  }
  if (points.length) {
    sections.push({
      heading: ALSO_DISCUSSED,
      noteRef: null,
      bullets: points.map((p) => ({
        text: p.text,
        noteRef: null,
        citations: [...p.citations],
        discussed: true,
      })),
    });
  }
  return { sections, origin: 'extractive', fallbackReason };
}

/** How the extractive points are found (tests may pass the offline function itself). */
export type PointsOf = (transcript: string, signal?: AbortSignal) => Promise<ExtractivePoint[]>;

/**
 * The notes written around `input.lines`: the model's (origin 'model') when it has
 * `writeAroundNotes` and its answer passes, else {@link notesAsWritten} with the extractive
 * points (origin 'extractive'; `fallbackReason` the validator's first problem when the model's
 * answer lost a note twice, null when there is no language model or it failed).
 * @throws the run's abort reason, and a `TextGenerationError` marked `retry` (a local model's
 *   worker died: the job queue runs the job again)
 */
export async function writeNotesAround(
  text: TextModel,
  input: NotesInput,
  signal?: AbortSignal,
  pointsOf: PointsOf = extractivePointsOffThread,
): Promise<WrittenNotes> {
  let reason: string | null = null;
  if (text.writeAroundNotes) {
    try {
      const sections = await text.writeAroundNotes(input, signal);
      return { sections, origin: 'model', fallbackReason: null };
    } catch (err) {
      if (signal?.aborted || (err instanceof TextGenerationError && err.retry)) throw err;
      if (err instanceof WrittenNotesRejectedError) reason = err.problems[0] ?? err.details;
      log.warn({ err }, '[notes] the written notes fell back to the notes as written');
    }
  }
  const points = await pointsOf(input.transcript, signal).catch((err: unknown) => {
    if (signal?.aborted) throw err;
    log.warn({ err }, '[notes] no extractive points');
    return [];
  });
  return notesAsWritten(input.lines, points, reason);
}
