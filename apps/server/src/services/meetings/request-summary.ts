/**
 * `POST /api/meetings/{id}/summary`: summarise a meeting again with another model or template.
 * Marks the meeting `summary_regenerating` and enqueues the durable `meeting.summarize` job
 * (pipeline/regenerate-summary.ts), as re-transcription enqueues `meeting.process`; the meeting
 * keeps its summary, topics and action items until the job saves.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  DEFAULT_SUMMARY_TEMPLATE,
  isSummaryTemplateId,
  type Meeting,
  type RegenerateSummaryInput,
} from '@summy/core';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { AppError, NotFoundError } from '../../errors/app-errors.ts';
import type { SummaryJob } from '../../jobs/payloads.ts';
import { assertUsableModel } from '../settings/usable-model.ts';
import { readTextPreferences } from '../text/text-preferences.ts';
import { getMeeting } from './get-meeting.ts';
import { log } from '../../log.ts';

/** 409 'Meeting has no transcript': none stored yet, or it is being recorded or processed. */
export class NoTranscriptError extends AppError {
  constructor(details = 'Summarise the meeting once it has a transcript') {
    super(409, 'Meeting has no transcript', details);
  }
}

/**
 * 409: a regeneration of this meeting's summary is already queued or running, or the same one
 * was accepted within {@link REPEAT_WINDOW_SECONDS}.
 */
export class SummaryBusyError extends AppError {
  constructor(details = 'Wait for the current regeneration to finish') {
    super(409, 'Summary is being regenerated', details);
  }
}

/**
 * Seconds within which the same request (same template and model) for a meeting is a repeat:
 * a fast model (the offline one takes well under a second for a short meeting) can finish
 * within one burst of identical requests, which would then be accepted one after another.
 * Another template or model is accepted as soon as the previous regeneration finished.
 */
export const REPEAT_WINDOW_SECONDS = 10;

/**
 * Regenerations one user may have queued or running at once. Every user's summaries wait in one
 * queue: without a cap, one user's batch of long transcripts delays everyone else's summary by
 * its whole length (docs/decisions/036-heavy-work-off-the-request-path.md).
 */
export const SUMMARY_JOBS_PER_USER = 3;

/** 429: the user already has {@link SUMMARY_JOBS_PER_USER} regenerations queued or running. */
export class SummaryQueueFullError extends AppError {
  constructor() {
    super(
      429,
      'Too many summaries being regenerated',
      `At most ${SUMMARY_JOBS_PER_USER} summaries are regenerated at a time; try again when one has finished`,
    );
  }
}

/** What a regeneration request needs. */
export type RequestSummaryDeps = Pick<AppDeps, 'database' | 'storage' | 'jobs' | 'env'>;

/**
 * Marks the user's meeting as regenerating its summary and enqueues the job with the template
 * and model of the request, each defaulting to the user's AI preference (an unknown stored
 * template is 'general').
 *
 * @returns the meeting as it is now: `summaryRegenerating` true, its previous summary
 * @throws ValidationError 400 when `model` is no choice of this server or is not configured here
 * @throws NotFoundError 404 when the meeting does not exist or belongs to another user
 * @throws NoTranscriptError 409 without a transcript, or while it is recorded or processed
 * @throws SummaryBusyError 409 while a regeneration of it is queued or running
 * @throws SummaryQueueFullError 429 while the user has {@link SUMMARY_JOBS_PER_USER} queued or
 *   running
 * @throws AppError 500 when the job could not be enqueued (the flag is cleared again)
 */
export async function requestSummary(
  deps: RequestSummaryDeps,
  userId: string,
  meetingId: string,
  input: RegenerateSummaryInput,
): Promise<Meeting> {
  const { db } = deps.database;
  if (input.model !== undefined) assertUsableModel(deps.env, input.model, 'model');
  const owned = and(eq(meetings.id, meetingId), eq(meetings.userId, userId));
  const [meeting] = await db
    .select({
      transcript: meetings.transcript,
      isProcessing: meetings.isProcessing,
      isRecording: meetings.isRecording,
      regenerating: meetings.summaryRegenerating,
    })
    .from(meetings)
    .where(owned);
  if (!meeting) throw new NotFoundError('Meeting');
  if (meeting.isProcessing || meeting.isRecording) {
    throw new NoTranscriptError('The meeting is still being recorded or processed');
  }
  if (!meeting.transcript?.trim()) throw new NoTranscriptError();
  if (meeting.regenerating) throw new SummaryBusyError();

  const preferences = await readTextPreferences(db, userId);
  const job: SummaryJob = {
    meetingId,
    userId,
    template:
      input.template ??
      (isSummaryTemplateId(preferences.summaryTemplate)
        ? preferences.summaryTemplate
        : DEFAULT_SUMMARY_TEMPLATE),
    model: input.model ?? preferences.summaryModel,
  };

  await takeSummaryFlag(deps, userId, meetingId, `${job.template} ${job.model}`);

  try {
    // Grouped by user: the worker runs one job per user at a time.
    const id = await deps.jobs.send('meeting.summarize', job, { group: { id: userId } });
    if (!id) throw new Error('meeting.summarize job was not created');
  } catch (err) {
    log.error({ err, meetingId }, '[summary] could not enqueue the summary');
    await db
      .update(meetings)
      .set({ summaryRegenerating: false, summaryRequestedAt: null })
      .where(owned);
    throw new AppError(500, 'Summary generation failed', 'The summary could not be started');
  }
  return getMeeting(db, userId, meetingId, deps.storage);
}

/**
 * Takes the meeting's `summary_regenerating` flag, atomically with the limits: the conditional
 * UPDATE takes it only when it is clear and `request` ('template model') was not accepted for
 * this meeting in the last {@link REPEAT_WINDOW_SECONDS} (so a burst of identical requests, or
 * two servers, enqueue one job even when it finishes within the burst), and the user's advisory
 * lock makes the count of their running regenerations and the take one step, so concurrent
 * requests for different meetings cannot pass the cap together.
 * @throws SummaryBusyError 409 when the flag is taken, the request is a repeat, or the meeting
 *   started processing
 * @throws SummaryQueueFullError 429 when the user is at {@link SUMMARY_JOBS_PER_USER}
 */
async function takeSummaryFlag(
  deps: RequestSummaryDeps,
  userId: string,
  meetingId: string,
  request: string,
): Promise<void> {
  const repeat = and(
    eq(meetings.summaryRequest, request),
    sql`${meetings.summaryRequestedAt} > now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`,
  );
  const owned = and(eq(meetings.id, meetingId), eq(meetings.userId, userId));
  const outcome = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`summary-jobs:${userId}`}))`);
    const [{ running }] = (await tx
      .select({ running: sql<number>`count(*)::int` })
      .from(meetings)
      .where(and(eq(meetings.userId, userId), eq(meetings.summaryRegenerating, true)))) as [
      { running: number },
    ];
    const taken = await tx
      .update(meetings)
      .set({
        summaryRegenerating: true,
        summaryError: null,
        summaryRequest: request,
        summaryRequestedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          owned,
          eq(meetings.summaryRegenerating, false),
          sql`not coalesce(${repeat}, false)`,
          eq(meetings.isProcessing, false),
          eq(meetings.isRecording, false),
          isNotNull(meetings.transcript),
          // The cap is checked after the meeting's own flag: a second click on the same meeting
          // is told it is being regenerated, not that the user is over the cap.
          running >= SUMMARY_JOBS_PER_USER ? sql`false` : undefined,
        ),
      )
      .returning({ id: meetings.id });
    if (taken.length) return 'taken';
    const [row] = await tx
      .select({
        regenerating: meetings.summaryRegenerating,
        repeat: sql<boolean>`coalesce(${repeat}, false)`,
      })
      .from(meetings)
      .where(owned);
    if (!row || row.regenerating) return 'busy';
    if (row.repeat) return 'repeat';
    return running >= SUMMARY_JOBS_PER_USER ? 'full' : 'busy';
  });
  if (outcome === 'full') throw new SummaryQueueFullError();
  if (outcome === 'repeat') {
    throw new SummaryBusyError('The same summary was requested a moment ago');
  }
  if (outcome === 'busy') throw new SummaryBusyError();
}
