/**
 * Steps 3 to 5 of the pipeline, the notes: speaker enhancement, title and summary, action items
 * and the series follow-up. Each step catches its own failure (the documented fallback) except a
 * stopped run and a local model whose worker died, which end the job so the queue retries it.
 */
import {
  DEFAULT_SUMMARY_TEMPLATE,
  FALLBACK_TITLE,
  type ActionItemSuggestion,
  type WrittenNotes,
} from '@summy/core';
import { TextGenerationError, type GeneratedSummary } from '../providers/llm/types.ts';
import { generateTitle } from '../services/text/generate-title.ts';
import { ownerNoteLines, writeNotesAround } from '../services/text/write-around-notes.ts';
import { seriesFollowUpFor } from '../services/series/find-series-follow-up.ts';
import { log } from '../log.ts';
import type { MeetingRun, RunMeeting } from './run-context.ts';

/** What the notes steps made of a transcript. */
export interface MeetingNotes {
  /** The transcript after speaker enhancement (the original when it failed). */
  transcript: string;
  title: string;
  /** Whether `title` was generated (then it is made unique when saved). */
  generated: boolean;
  summary: GeneratedSummary | null;
  /** The notes written around the owner's notes; null when the owner wrote none. */
  written: WrittenNotes | null;
  /** The summary template used (the user's, else the default). */
  template: string;
  items: ActionItemSuggestion[];
  /** Earlier meetings' open items this one resolves. */
  followUp: Awaited<ReturnType<typeof seriesFollowUpFor>>;
}

/**
 * Writes the notes of a transcript.
 * @throws when the run is stopped, when the local model's worker died (`TextGenerationError` with
 *   `retry`), and database errors
 */
export async function notesStep(run: MeetingRun, rawTranscript: string): Promise<MeetingNotes> {
  const { job, tools, signal } = run;
  await run.progress('Analyzing');
  const transcript = await enhanceSpeakers(run, rawTranscript);
  // Each step below catches its own failure; a stopped job must not go on to the next one.
  signal?.throwIfAborted();

  await run.progress('Summarizing');
  const { title, generated, summary, template } = await titleAndSummary(run, transcript);
  const written = await writtenNotes(run, transcript, title);
  signal?.throwIfAborted();

  // Action items: saved as to-dos, priority false, not completed, linked to the meeting.
  await run.progress('Analyzing');
  let items: ActionItemSuggestion[] = [];
  try {
    items = await tools.extractActionItems(tools.text, transcript, signal);
  } catch (err) {
    log.warn({ err, meetingId: job.meetingId }, '[pipeline] action items failed');
  }
  signal?.throwIfAborted();

  // Series memory: what of earlier meetings' open items this one resolves; told in the summary.
  const db = run.deps.database.db;
  const followUp = await seriesFollowUpFor(
    db,
    job.userId,
    job.meetingId,
    transcript,
    tools.text,
    signal,
  );
  signal?.throwIfAborted();
  return { transcript, title, generated, summary, template, written, items, followUp };
}

/**
 * The notes written around the owner's notes when there are any (at least one note line), else
 * null: the summary then is the template's, as before.
 */
async function writtenNotes(
  run: MeetingRun,
  transcript: string,
  meetingTitle: string,
): Promise<WrittenNotes | null> {
  const { job, tools, signal } = run;
  const lines = await ownerNoteLines(run.deps.database.db, job.meetingId, job.userId);
  if (lines.length === 0) return null;
  return writeNotesAround(tools.text, { transcript, lines, meetingTitle }, signal);
}

/** Speaker enhancement: on failure the original transcript is used. */
async function enhanceSpeakers(run: MeetingRun, transcript: string): Promise<string> {
  try {
    const enhanced = await run.tools.text.enhanceSpeakers(transcript, run.signal);
    if (enhanced.trim()) return enhanced;
  } catch (err) {
    log.warn({ err, meetingId: run.job.meetingId }, '[pipeline] speaker enhancement failed');
  }
  return transcript;
}

/**
 * Title and summary, in parallel. The upload pipeline falls back to the file name (already the
 * meeting's title); the stop pipeline falls back to 'Meeting', or to 'Meeting' plus the date when
 * the transcript is too poor to name a subject.
 */
async function titleAndSummary(run: MeetingRun, transcript: string) {
  const { tools, signal, meeting, isUpload, again } = run;
  // The user's template (AI preferences); the model is the one `tools.text` was resolved to.
  const template = tools.summaryTemplate || DEFAULT_SUMMARY_TEMPLATE;
  const [titleResult, summaryResult] = await Promise.allSettled([
    generateTitle(
      tools.text,
      transcript,
      signal,
      isUpload ? undefined : meeting.date,
      knownPeople(meeting),
    ),
    tools.text.summarize({ transcript, meetingTitle: meeting.title, template }, signal),
  ]);
  signal?.throwIfAborted();
  // The local model's worker died: the job fails, and the queue's retry runs it with a new worker.
  for (const result of [titleResult, summaryResult]) {
    if (
      result.status === 'rejected' &&
      result.reason instanceof TextGenerationError &&
      result.reason.retry
    ) {
      throw result.reason;
    }
  }
  // A generated title is made unique in the account when it is saved (see `saveResults`).
  const generated = titleResult.status === 'fulfilled';
  const title = generated ? titleResult.value : isUpload || again ? meeting.title : FALLBACK_TITLE;
  const summary: GeneratedSummary | null =
    summaryResult.status === 'fulfilled' ? summaryResult.value : null;
  return { title, generated, summary, template };
}

/** The meeting's people known by name, for a title without a subject: attendees, else speakers. */
function knownPeople(meeting: RunMeeting): string[] {
  const attendees = (meeting.attendees ?? []).map((a) => a.name ?? '').filter(Boolean);
  if (attendees.length > 0) return attendees;
  return Array.isArray(meeting.participants)
    ? meeting.participants.filter((p): p is string => typeof p === 'string')
    : [];
}
