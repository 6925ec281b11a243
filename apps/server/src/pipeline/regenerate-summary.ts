/**
 * The `meeting.summarize` job: a meeting's stored transcript summarised again with the model and
 * template the user chose. The previous summary stays until the new one is saved: summary, summary
 * data (topics merged in, the rest kept), model label and template are written in one update, which
 * the row trigger announces to the owner's browsers as a change (docs/decisions/003). Action items
 * are not extracted again (the to-dos the first run made would be doubled); checkbox lines of
 * My notes that are not yet to-dos of the meeting are added. A failed summary leaves the
 * old one and records why (`summary_error`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { NOTICES, writtenNotesMarkdown, type NoticeEvent, type WrittenNotes } from '@summy/core';
import { meetings, type DatabaseHandle } from '@summy/db';
import type { SummaryJob } from '../jobs/payloads.ts';
import { textModelLabel } from '../providers/llm/catalog.ts';
import { TextGenerationError, type TextModel } from '../providers/llm/types.ts';
import { publishNotice } from '../realtime/publish.ts';
import { log } from '../log.ts';
import { carriedOverSection, withCarriedOver } from '../services/series/find-series-follow-up.ts';
import { syncNoteTasks } from '../services/notes/sync-note-tasks.ts';
import { ownerNoteLines, writeNotesAround } from '../services/text/write-around-notes.ts';

/** Chooses the text model of a `meeting.summarize` job (tests pass scripted ones). */
export type SummaryModelResolver = (job: SummaryJob) => TextModel | Promise<TextModel>;

/** How a run ended. */
export type SummaryOutcome = 'saved' | 'failed' | 'meeting-gone' | 'not-requested' | 'superseded';

/** What the job needs of the server. */
export interface SummaryJobDeps {
  database: DatabaseHandle;
}

/**
 * Summarises the meeting's transcript with `model` in the job's template and saves it.
 * @returns how it ended: 'failed' when the model failed (recorded on the meeting, notice sent),
 *   'not-requested' when the meeting is not waiting for a summary (a retried job that already
 *   saved), 'superseded' when a re-transcription took the meeting meanwhile (it writes its own)
 * @throws only for unexpected errors (database down), so the job retries
 */
export async function regenerateSummary(
  deps: SummaryJobDeps,
  job: SummaryJob,
  model: TextModel,
  signal?: AbortSignal,
): Promise<SummaryOutcome> {
  const { db } = deps.database;
  const owned = and(eq(meetings.id, job.meetingId), eq(meetings.userId, job.userId));
  const [meeting] = await db
    .select({
      transcript: meetings.transcript,
      title: meetings.title,
      summary: meetings.summary,
      waiting: meetings.summaryRegenerating,
    })
    .from(meetings)
    .where(owned);
  if (!meeting) return 'meeting-gone';
  if (!meeting.waiting) return 'not-requested';

  let generated;
  let written: WrittenNotes | null = null;
  try {
    if (!meeting.transcript?.trim()) {
      throw new TextGenerationError('summary', 'empty', 'The meeting has no transcript');
    }
    generated = await model.summarize(
      { transcript: meeting.transcript, meetingTitle: meeting.title, template: job.template },
      signal,
    );
    if (!generated.summary.trim()) {
      throw new TextGenerationError('summary', 'empty', 'The model answered an empty summary');
    }
    written = await writtenNotesFor(deps, job, meeting, model, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    const reason = failureReason(err);
    log.warn({ meetingId: job.meetingId }, `[summary] ${reason}`);
    await failSummary(deps, job, reason);
    return 'failed';
  }

  const patch = JSON.stringify({
    topics: generated.topics,
    textModel: model.id,
    ...(written && { writtenNotes: written }),
  });
  // With the owner's notes the summary is the notes written around them; without, any written
  // notes of earlier notes are removed with them.
  const text = written ? writtenNotesMarkdown(written) : generated.summary;
  const saved = await db
    .update(meetings)
    .set({
      // The items carried over from earlier meetings were those of its processing: kept.
      summary: withCarriedOver(text, carriedOverSection(meeting.summary)),
      // summary_data keeps what the pipeline wrote there (turn times, engine); a non-object
      // value left by older code is replaced.
      summaryData: sql`((case when jsonb_typeof(${meetings.summaryData}) = 'object' then ${meetings.summaryData} else '{}'::jsonb end) - 'writtenNotes') || ${patch}::jsonb`,
      summaryModel: textModelLabel(model.id),
      summaryTemplate: job.template,
      notesEngine: model.id,
      summaryRegenerating: false,
      summaryError: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        owned,
        eq(meetings.summaryRegenerating, true),
        eq(meetings.isProcessing, false),
        // Of the transcript it summarised: a re-transcription may have replaced it meanwhile.
        eq(meetings.transcript, meeting.transcript!),
      ),
    )
    .returning({ id: meetings.id });
  if (saved.length === 0) {
    // A re-transcription took the meeting meanwhile: it writes a summary of its new transcript.
    await db.update(meetings).set({ summaryRegenerating: false }).where(owned);
    return 'superseded';
  }
  // Checkbox lines of My notes written since are added (the existing to-dos stay as they are).
  await syncNoteTasks(db, job.userId, job.meetingId);
  await notify(deps, job, NOTICES.summaryRegenerated);
  return 'saved';
}

/**
 * Ends a regeneration without a new summary: the old one stays, the reason is recorded on the
 * meeting and told to the user.
 */
export async function failSummary(
  deps: SummaryJobDeps,
  job: SummaryJob,
  reason: string,
): Promise<void> {
  const { db } = deps.database;
  await db
    .update(meetings)
    // The same request may be retried at once: it is no repeat of a regeneration that saved.
    .set({
      summaryRegenerating: false,
      summaryError: reason,
      summaryRequestedAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(meetings.id, job.meetingId),
        eq(meetings.userId, job.userId),
        eq(meetings.summaryRegenerating, true),
      ),
    );
  await notify(deps, job, { ...NOTICES.summaryRegenerationFailed, details: reason });
}

/**
 * The notes written around the owner's notes (read again, never changed), or null when the owner
 * wrote none.
 */
async function writtenNotesFor(
  deps: SummaryJobDeps,
  job: SummaryJob,
  meeting: { transcript: string | null; title: string },
  model: TextModel,
  signal?: AbortSignal,
): Promise<WrittenNotes | null> {
  const lines = await ownerNoteLines(deps.database.db, job.meetingId, job.userId);
  if (lines.length === 0) return null;
  const input = { transcript: meeting.transcript ?? '', lines, meetingTitle: meeting.title };
  return writeNotesAround(model, input, signal);
}

/** The message of a failed step with its cause ('Summary generation failed: HTTP 500'). */
function failureReason(err: unknown): string {
  if (err instanceof TextGenerationError) return `${err.message}: ${err.details}`;
  return `${NOTICES.summaryRegenerationFailed.title}: ${(err as Error)?.message ?? String(err)}`;
}

function notify(
  deps: SummaryJobDeps,
  job: SummaryJob,
  notice: Omit<NoticeEvent, 'meetingId'>,
): Promise<void> {
  return publishNotice(deps.database, job.userId, { ...notice, meetingId: job.meetingId }).catch(
    () => undefined,
  );
}
