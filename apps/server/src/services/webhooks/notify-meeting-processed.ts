/**
 * `meeting.processed`: sent when the pipeline has finished a meeting (jobs/queues/meeting-process.ts),
 * whether it saved notes, found no speech, or kept the audio after a failed transcription; the
 * payload's `outcome` tells which. A run that found the meeting deleted or already done sends
 * nothing.
 */
import { and, eq } from 'drizzle-orm';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import type { PipelineOutcome } from '../../pipeline/process-meeting.ts';
import { log } from '../../log.ts';
import { enqueueWebhookEvent, meetingEventData } from './enqueue-webhook-event.ts';

/** Outcomes after which the meeting is done and the webhooks are told. */
const FINISHED: ReadonlySet<PipelineOutcome> = new Set([
  'saved',
  'no-speech',
  'transcription-failed',
]);

/**
 * Sends `meeting.processed` with `{id, title, url, date, durationMinutes, outcome}` to the user's
 * webhooks when `outcome` finished the meeting. Never throws (logged).
 */
export async function notifyMeetingProcessed(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'env'>,
  userId: string,
  meetingId: string,
  outcome: PipelineOutcome,
): Promise<void> {
  if (!FINISHED.has(outcome)) return;
  try {
    const [meeting] = await deps.database.db
      .select({
        id: meetings.id,
        title: meetings.title,
        date: meetings.date,
        duration: meetings.duration,
      })
      .from(meetings)
      .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
    if (!meeting) return;
    await enqueueWebhookEvent(
      deps,
      userId,
      'meeting.processed',
      meetingEventData(deps.env.publicUrl, meeting, {
        date: meeting.date.toISOString(),
        durationMinutes: meeting.duration,
        outcome,
      }),
    );
  } catch (err) {
    log.warn({ err, meetingId }, '[webhooks] could not send meeting.processed');
  }
}
