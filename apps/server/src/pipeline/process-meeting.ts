/**
 * The meeting pipeline of a stopped recording or an upload: transcribe, title, speaker
 * enhancement, summary with topics, action items, save, then clear the recording and processing
 * flags. Every step's failure follows the documented fallback; the stored audio is never touched.
 * Results are written in one transaction at the end, so a job retried after a crash never saves
 * twice. The steps live beside this file: transcribe-step.ts, notes-step.ts, save-results.ts.
 */
import { and, eq } from 'drizzle-orm';
import { NOTICES, turnsToTranscriptText, writtenNotesMarkdown } from '@summy/core';
import { meetings, user } from '@summy/db';
import { textModelLabel } from '../providers/llm/catalog.ts';
import { publishNotice, publishProgress } from '../realtime/publish.ts';
import type { MeetingProcessJob } from '../jobs/payloads.ts';
import type { PipelineTools } from './tools.ts';
import { log } from '../log.ts';
import { speakerSuggestionsFor } from '../services/voices/suggest-speaker-names.ts';
import { DEFAULT_VOICE_MATCH } from '../services/voices/voice-match.ts';
import { carriedOverMarkdown, withCarriedOver } from '../services/series/find-series-follow-up.ts';
import {
  transcribedBy,
  type MeetingRun,
  type PipelineDeps,
  type PipelineOutcome,
  type RunMeeting,
} from './run-context.ts';
import { transcribeStep } from './transcribe-step.ts';
import type { MeetingTranscription } from './transcribe-call.ts';
import { notesStep, type MeetingNotes } from './notes-step.ts';
import { saveResults, type MeetingUpdate } from './save-results.ts';

export { DEFAULT_LANGUAGE, type PipelineDeps, type PipelineOutcome } from './run-context.ts';

/**
 * Runs the pipeline for one stored recording or upload.
 * @returns how it ended; throws only for unexpected errors (database down), so the job retries
 */
export async function processMeeting(
  deps: PipelineDeps,
  job: MeetingProcessJob,
  tools: PipelineTools,
  signal?: AbortSignal,
): Promise<PipelineOutcome> {
  const meeting = await loadMeeting(deps, job);
  if (!meeting) return 'meeting-gone';
  if (!meeting.isProcessing) return 'already-processed';
  const run = startRun(deps, job, tools, meeting, signal);

  // 1-2. Transcribe; a failure or silence is saved and told there.
  const result = await transcribeStep(run);
  if (typeof result === 'string') return result;

  // 3-5. Speaker enhancement, title and summary, action items, series follow-up.
  const notes = await notesStep(run, turnsToTranscriptText(result.speakers));

  // 6. Names from voice profiles, saved with the rest so the meeting never shows without its
  //    chips. Suggestions only: a failure costs nothing but the chips.
  await run.progress('Saving');
  const turnTimes = result.speakers
    .filter((t) => t.text.trim())
    .map((t) => ({ speaker: t.speaker, start: t.start, end: t.end }));
  const speakerSuggestions = await suggestSpeakers(run, result, notes.transcript, turnTimes);

  // 7. Save, then clear the flags.
  await saveResults(
    deps,
    job,
    { ...savedUpdate(run, result, notes, turnTimes), speakerSuggestions },
    notes.items,
    notes.generated ? meeting.date : undefined,
  );
  // A recording without a summary still says it was saved; an upload says its summary failed.
  const saved = run.again
    ? NOTICES.retranscriptionSaved
    : !run.isUpload
      ? NOTICES.recordingSaved
      : notes.summary || notes.written
        ? NOTICES.uploadSaved
        : NOTICES.uploadSummaryFailed;
  await run.notice(saved);
  return 'saved';
}

/** The job's meeting when it is the job's user's, else undefined. */
async function loadMeeting(
  deps: PipelineDeps,
  job: MeetingProcessJob,
): Promise<RunMeeting | undefined> {
  const [row] = await deps.database.db
    .select({
      isProcessing: meetings.isProcessing,
      title: meetings.title,
      date: meetings.date,
      participants: meetings.participants,
      channels: meetings.channels,
      attendees: meetings.calendarEventAttendees,
      calendarEmail: meetings.calendarAccountEmail,
      holderName: user.name,
      holderEmail: user.email,
    })
    .from(meetings)
    .innerJoin(user, eq(user.id, meetings.userId))
    .where(and(eq(meetings.id, job.meetingId), eq(meetings.userId, job.userId)));
  if (!row) return undefined;
  const { calendarEmail, holderName, holderEmail, ...meeting } = row;
  return { ...meeting, holder: { name: holderName, emails: [holderEmail, calendarEmail] } };
}

/** The shared state of one run, with progress and notice senders that never throw. */
function startRun(
  deps: PipelineDeps,
  job: MeetingProcessJob,
  tools: PipelineTools,
  meeting: RunMeeting,
  signal?: AbortSignal,
): MeetingRun {
  const { database } = deps;
  return {
    deps,
    job,
    tools,
    ...(signal ? { signal } : {}),
    meeting,
    isUpload: job.source === 'upload',
    again: job.retranscribe === true,
    progress: (label) =>
      publishProgress(database, job.userId, job.meetingId, label).catch(() => undefined),
    notice: (n) =>
      publishNotice(database, job.userId, { ...n, meetingId: job.meetingId }).catch(
        () => undefined,
      ),
  };
}

/** Turn start and end of each speaking turn, in seconds. */
type TurnTimes = { speaker: number; start: number; end: number }[];

/** Speaker name suggestions from voice profiles; `{}` when they fail. */
function suggestSpeakers(
  { deps, job, tools, meeting }: MeetingRun,
  result: MeetingTranscription,
  transcript: string,
  turnTimes: TurnTimes,
) {
  return speakerSuggestionsFor(
    deps.database.db,
    job.userId,
    job.meetingId,
    {
      transcript,
      turnTimes,
      speakerEmbeddings: result.speakerEmbeddings ?? null,
      attendees: meeting.attendees,
      speakerNames: result.call?.speakerNames ?? {},
    },
    tools.voiceMatch ?? (() => DEFAULT_VOICE_MATCH),
  ).catch((err: unknown) => {
    log.warn({ err, meetingId: job.meetingId }, '[pipeline] speaker name suggestions failed');
    return {};
  });
}

/** The meeting's columns after a run with speech. */
function savedUpdate(
  { tools }: MeetingRun,
  result: MeetingTranscription,
  notes: MeetingNotes,
  turnTimes: TurnTimes,
): MeetingUpdate {
  const { summary, followUp, template, written } = notes;
  const participants = [...new Set(result.speakers.map((t) => `Speaker ${t.speaker + 1}`))];
  // With the owner's notes, the summary is the notes written around them.
  const text = written ? writtenNotesMarkdown(written) : summary?.summary;
  return {
    transcript: notes.transcript,
    title: notes.title,
    duration: result.duration / 60,
    participants,
    summary: text ? withCarriedOver(text, carriedOverMarkdown(followUp)) : null,
    likelyDone: followUp.likelyDone,
    speakerEmbeddings: result.speakerEmbeddings ?? null,
    // Which model and template wrote it, for the meeting's summary header.
    summaryModel: text ? textModelLabel(tools.text.id) : null,
    summaryTemplate: text ? template : null,
    // The engine behind the title, summary and action items ('offline', 'provider:model'), so
    // the meeting can say whether a language model wrote its notes; null when it wrote none.
    notesEngine: text || notes.generated || notes.items.length ? tools.text.id : null,
    summaryError: null,
    ...(result.call && { speakerNames: result.call.speakerNames }),
    summaryData: {
      // What merging a call's two channels found: its hidden echo lines, its double talk.
      ...(result.call && { capture: result.call.capture }),
      // Playback serves the call's mono mix (storage/playback-mix.ts).
      ...(result.call?.playbackMix && { playbackMix: true }),
      topics: summary?.topics ?? [],
      // Who wrote what of the summary, when the owner wrote notes (meeting.writtenNotes).
      ...(written && { writtenNotes: written }),
      // Seek targets of the transcript's turns; speaker enhancement keeps one paragraph per turn.
      turnTimes,
      language: result.language,
      confidence: result.confidence,
      speakerCount: participants.length,
      // Which engine made this transcript, so the app can offer a better one; it replaces the
      // bare `sttProvider` id earlier meetings kept.
      transcription: transcribedBy(tools.stt),
      textModel: tools.text.id,
    },
  };
}

/**
 * Clears both flags after the whole run failed for good ("Any failure of the whole stop: both flags
 * cleared and an error shown"). The audio stays.
 */
export async function abandonMeeting(deps: PipelineDeps, job: MeetingProcessJob): Promise<void> {
  await saveResults(deps, job, {});
  await publishNotice(deps.database, job.userId, {
    ...(job.source === 'upload'
      ? NOTICES.uploadFailed
      : {
          title: 'Processing failed',
          description: 'The recording was saved but could not be processed',
          variant: 'error' as const,
        }),
    meetingId: job.meetingId,
  }).catch(() => undefined);
}
