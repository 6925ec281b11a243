/**
 * The meeting pipeline of a stopped recording or an upload: transcribe, title, speaker
 * enhancement, summary with topics, action items, save, then clear the recording and processing
 * flags. Every step's failure follows the documented fallback; the stored audio is never touched.
 * Results are written in one transaction at the end, so a job retried after a crash never saves
 * twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_SUMMARY_TEMPLATE,
  FALLBACK_TITLE,
  hasSpeech,
  NOTICES,
  turnsToTranscriptText,
  type ActionItemSuggestion,
  type NoticeEvent,
  type ProgressLabel,
  type TranscriptionResult,
} from '@summy/core';
import { meetings, todos, type Database, type DatabaseHandle } from '@summy/db';
import { AudioProbeError, probeAudio } from '../audio/ffmpeg.ts';
import { textModelLabel } from '../providers/llm/catalog.ts';
import { TextGenerationError, type GeneratedSummary } from '../providers/llm/types.ts';
import { generateTitle } from '../services/text/generate-title.ts';
import { uniqueMeetingTitle } from '../services/meetings/unique-meeting-title.ts';
import { SttError } from '../providers/stt/types.ts';
import { publishNotice, publishProgress } from '../realtime/publish.ts';
import type { MeetingProcessJob } from '../jobs/payloads.ts';
import type { Storage } from '../storage/types.ts';
import type { PipelineTools } from './tools.ts';
import { log } from '../log.ts';
import { speakerSuggestionsFor } from '../services/voices/suggest-speaker-names.ts';
import { DEFAULT_VOICE_MATCH } from '../services/voices/voice-match.ts';
import {
  carriedOverMarkdown,
  seriesFollowUpFor,
  withCarriedOver,
} from '../services/series/find-series-follow-up.ts';

/** What the pipeline needs of the server. */
export interface PipelineDeps {
  database: DatabaseHandle;
  storage: Storage;
}

/** How a run ended. */
export type PipelineOutcome =
  'saved' | 'no-speech' | 'transcription-failed' | 'meeting-gone' | 'already-processed';

/** Transcription language. */
export const DEFAULT_LANGUAGE = 'en';

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
  const { database } = deps;
  const db = database.db;
  const owned = and(eq(meetings.id, job.meetingId), eq(meetings.userId, job.userId));
  const [meeting] = await db
    .select({
      isProcessing: meetings.isProcessing,
      title: meetings.title,
      date: meetings.date,
      participants: meetings.participants,
      attendees: meetings.calendarEventAttendees,
    })
    .from(meetings)
    .where(owned);
  if (!meeting) return 'meeting-gone';
  if (!meeting.isProcessing) return 'already-processed';

  const progress = (label: ProgressLabel) =>
    publishProgress(database, job.userId, job.meetingId, label).catch(() => undefined);
  const notice = (n: Omit<NoticeEvent, 'meetingId'>) =>
    publishNotice(database, job.userId, { ...n, meetingId: job.meetingId }).catch(() => undefined);
  const isUpload = job.source === 'upload';
  const again = job.retranscribe === true;

  // 1. Transcribe. A failure keeps the audio and saves the meeting without a transcript.
  await progress('Transcribing');
  let result: TranscriptionResult;
  try {
    result = await deps.storage.withLocalFile(job.audioKey, async (path) => {
      // An uploaded file must be whole: a truncated one fails clearly instead of yielding half a
      // meeting. A recording may end early (a crashed tab) and is transcribed as far as it goes.
      if (isUpload) await probeAudio(path, signal ? { signal } : {});
      return tools.stt.transcribe({
        path,
        mimeType: job.mimeType,
        language: DEFAULT_LANGUAGE,
        ...(signal ? { signal } : {}),
        // The linked event's attendees: a hint for how many voices to find.
        ...((meeting.attendees?.length ?? 0) >= 2 && { speakerCount: meeting.attendees!.length }),
      });
    });
  } catch (err) {
    // Stopped (the meeting was deleted, or the job was stopped to be retried): nothing to record.
    if (signal?.aborted) throw err;
    log.error({ err, meetingId: job.meetingId }, '[pipeline] transcription failed');
    const processingError = describeFailure(err);
    // Run again, a meeting keeps the transcript it had: a worse outcome must not erase it.
    await finish(deps, job, again ? {} : { transcript: null, summaryData: { processingError } });
    const failed = again
      ? NOTICES.retranscriptionFailed
      : isUpload
        ? NOTICES.uploadFailed
        : NOTICES.transcriptionFailed;
    await notice({
      ...failed,
      details: `${processingError.error}: ${processingError.details}`,
    });
    return 'transcription-failed';
  }
  const durationMinutes = result.duration / 60;

  // 2. No speech: keep the audio with an empty transcript.
  if (!hasSpeech(result)) {
    // Run again, the earlier summary and turn times no longer describe an empty transcript.
    await finish(deps, job, {
      transcript: '',
      duration: durationMinutes,
      summaryData: { transcription: transcribedBy(tools.stt) },
      ...(again
        ? {
            summary: null,
            summaryModel: null,
            summaryTemplate: null,
            notesEngine: null,
            participants: [],
          }
        : {}),
    });
    await notice(isUpload ? NOTICES.uploadNoSpeech : NOTICES.recordingNoSpeech);
    return 'no-speech';
  }
  let transcript = turnsToTranscriptText(result.speakers);

  // 3. Speaker enhancement: on failure the original transcript is used.
  await progress('Analyzing');
  try {
    const enhanced = await tools.text.enhanceSpeakers(transcript, signal);
    if (enhanced.trim()) transcript = enhanced;
  } catch (err) {
    log.warn({ err, meetingId: job.meetingId }, '[pipeline] speaker enhancement failed');
  }
  // Each step below catches its own failure; a stopped job must not go on to the next one.
  signal?.throwIfAborted();

  // 4. Title and summary. The upload pipeline runs them in parallel and falls back to the file name
  //    (already the meeting's title); the stop pipeline falls back to 'Meeting', or to 'Meeting'
  //    plus the date when the transcript is too poor to name a subject.
  await progress('Summarizing');
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
  let title = isUpload || again ? meeting.title : FALLBACK_TITLE;
  // A generated title is made unique in the account when it is saved (see `finish`).
  const generated = titleResult.status === 'fulfilled';
  if (generated) title = titleResult.value;
  const summary: GeneratedSummary | null =
    summaryResult.status === 'fulfilled' ? summaryResult.value : null;

  // 5. Action items: saved as to-dos, priority false, not completed, linked to the meeting.
  await progress('Analyzing');
  let items: ActionItemSuggestion[] = [];
  try {
    items = await tools.extractActionItems(tools.text, transcript, signal);
  } catch (err) {
    log.warn({ err, meetingId: job.meetingId }, '[pipeline] action items failed');
  }
  signal?.throwIfAborted();

  // Series memory: what of earlier meetings' open items this one resolves; told in the summary.
  const followUp = await seriesFollowUpFor(
    db,
    job.userId,
    job.meetingId,
    transcript,
    tools.text,
    signal,
  );
  signal?.throwIfAborted();

  // 6. Names from voice profiles, saved with the rest so the meeting never shows without its
  //    chips. Suggestions only: a failure costs nothing but the chips.
  await progress('Saving');
  const turnTimes = result.speakers
    .filter((t) => t.text.trim())
    .map((t) => ({ speaker: t.speaker, start: t.start, end: t.end }));
  const speakerSuggestions = await speakerSuggestionsFor(
    db,
    job.userId,
    job.meetingId,
    {
      transcript,
      turnTimes,
      speakerEmbeddings: result.speakerEmbeddings ?? null,
      attendees: meeting.attendees,
      speakerNames: {},
    },
    tools.voiceMatch ?? (() => DEFAULT_VOICE_MATCH),
  ).catch((err: unknown) => {
    log.warn({ err, meetingId: job.meetingId }, '[pipeline] speaker name suggestions failed');
    return {};
  });

  // 7. Save, then clear the flags.
  const participants = [...new Set(result.speakers.map((t) => `Speaker ${t.speaker + 1}`))];
  await finish(
    deps,
    job,
    {
      transcript,
      title,
      duration: durationMinutes,
      participants,
      summary: summary ? withCarriedOver(summary.summary, carriedOverMarkdown(followUp)) : null,
      likelyDone: followUp.likelyDone,
      speakerEmbeddings: result.speakerEmbeddings ?? null,
      speakerSuggestions,
      // Which model and template wrote it, for the meeting's summary header.
      summaryModel: summary ? textModelLabel(tools.text.id) : null,
      summaryTemplate: summary ? template : null,
      // The engine behind the title, summary and action items ('offline', 'provider:model'), so
      // the meeting can say whether a language model wrote its notes; null when it wrote none.
      notesEngine: summary || generated || items.length ? tools.text.id : null,
      summaryError: null,
      summaryData: {
        topics: summary?.topics ?? [],
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
    },
    items,
    generated ? meeting.date : undefined,
  );
  // A recording without a summary still says it was saved; an upload says its summary failed.
  const saved = again
    ? NOTICES.retranscriptionSaved
    : !isUpload
      ? NOTICES.recordingSaved
      : summary
        ? NOTICES.uploadSaved
        : NOTICES.uploadSummaryFailed;
  await notice(saved);
  return 'saved';
}

type MeetingUpdate = Partial<typeof meetings.$inferInsert>;

/** The meeting's people known by name, for a title without a subject: attendees, else speakers. */
function knownPeople(meeting: {
  participants: unknown;
  attendees: { name?: string | null; email: string }[] | null;
}): string[] {
  const attendees = (meeting.attendees ?? []).map((a) => a.name ?? '').filter(Boolean);
  if (attendees.length > 0) return attendees;
  return Array.isArray(meeting.participants)
    ? meeting.participants.filter((p): p is string => typeof p === 'string')
    : [];
}

/** `{provider, model?}` of the provider that ran; `model` when the provider names its model. */
function transcribedBy(stt: PipelineTools['stt']): { provider: string; model?: string } {
  return stt.model ? { provider: stt.id, model: stt.model } : { provider: stt.id };
}

/** The documented message for a failed transcription, with the cause as details. */
function describeFailure(err: unknown): { error: string; details: string } {
  if (err instanceof AudioProbeError)
    return { error: 'Transcription failed', details: err.message };
  if (err instanceof SttError) return { error: err.message, details: err.details };
  return { error: 'Transcription failed', details: (err as Error).message ?? String(err) };
}

/**
 * Writes the results and clears the flags in one transaction, only while the meeting is still
 * processing (a retried job must not save twice). A re-transcription with new action items first
 * removes the earlier run's items the user has not touched (not completed, never updated), so the
 * list is not doubled while the user's own work stays. With `uniqueOn` (the meeting's date) the
 * title is a generated one and is first made unique among the user's meetings.
 */
async function finish(
  deps: PipelineDeps,
  job: MeetingProcessJob,
  update: MeetingUpdate,
  items: ActionItemSuggestion[] = [],
  uniqueOn?: Date,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    if (uniqueOn && update.title) {
      const db = tx as unknown as Database;
      update = {
        ...update,
        title: await uniqueMeetingTitle(db, job.userId, update.title, uniqueOn, job.meetingId),
      };
    }
    const updated = await tx
      .update(meetings)
      .set({
        ...update,
        // Names were given to the labels of the transcript being replaced.
        // Voiceprints and suggestions describe the new transcript's speakers or none.
        ...(update.transcript !== undefined && {
          speakerNames: {},
          speakerSuggestions: update.speakerSuggestions ?? {},
          speakerEmbeddings: update.speakerEmbeddings ?? null,
        }),
        isProcessing: false,
        isRecording: false,
        isPaused: false,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(meetings.id, job.meetingId),
          eq(meetings.userId, job.userId),
          eq(meetings.isProcessing, true),
        ),
      )
      .returning({ id: meetings.id });
    if (updated.length === 0 || items.length === 0) return;
    if (job.retranscribe) {
      await tx
        .delete(todos)
        .where(
          and(
            eq(todos.meetingId, job.meetingId),
            eq(todos.userId, job.userId),
            eq(todos.completed, false),
            eq(todos.updatedAt, todos.createdAt),
          ),
        );
    }
    await tx.insert(todos).values(
      items.map((item) => ({
        userId: job.userId,
        meetingId: job.meetingId,
        title: item.title,
        description: item.description || null,
        assignedTo: item.assignedTo,
        completed: false,
        priority: 'none' as const,
      })),
    );
  });
}

/**
 * Clears both flags after the whole run failed for good ("Any failure of the whole stop: both flags
 * cleared and an error shown"). The audio stays.
 */
export async function abandonMeeting(deps: PipelineDeps, job: MeetingProcessJob): Promise<void> {
  await finish(deps, job, {});
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
