/**
 * `POST /api/meetings/{id}/retranscribe`: a meeting transcribed by the PocketSphinx fallback is
 * transcribed again, once a local model is installed, by running its durable `meeting.process` job
 * again on the stored audio with the provider that would run now.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Meeting } from '@summy/core';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { AppError, NotFoundError } from '../../errors/app-errors.ts';
import { contentTypeForKey, keyFromAudioUrl } from '../../storage/types.ts';
import { enqueueMeetingProcessing } from './enqueue-meeting-processing.ts';
import { getMeeting } from './get-meeting.ts';
import { log } from '../../log.ts';

/** 409: the meeting is still being recorded or processed; it can be run again once it is done. */
export class MeetingBusyError extends AppError {
  constructor() {
    super(409, 'Meeting is busy', 'The meeting is still being recorded or processed');
  }
}

/** 409: the meeting has no stored recording of ours to transcribe (e.g. a typed-in meeting). */
export class NoStoredAudioError extends AppError {
  constructor() {
    super(409, 'Nothing to transcribe', 'This meeting has no stored recording');
  }
}

/** What re-transcription needs. */
export type RetranscribeDeps = Pick<AppDeps, 'database' | 'storage' | 'jobs'>;

/**
 * Marks the user's meeting processing and enqueues its pipeline again on the stored audio
 * (source 'recording': a recording cut short by a crashed tab is transcribed as far as it goes).
 * The pipeline keeps the meeting id; it replaces transcript, title, summary and topics, and the
 * earlier run's action items the user never touched; if transcription fails the meeting keeps
 * what it had (pipeline/process-meeting.ts). Progress and the closing notice reach the browser
 * over /api/events as for any run.
 *
 * @returns the meeting as it is now (processing), its audio URL signed
 * @throws NotFoundError 404 when the meeting does not exist or belongs to another user
 * @throws MeetingBusyError 409 while it is being recorded or processed
 * @throws NoStoredAudioError 409 when it has no stored audio
 * @throws AppError 500 when the job could not be enqueued (the flag is cleared again)
 */
export async function retranscribeMeeting(
  deps: RetranscribeDeps,
  userId: string,
  meetingId: string,
): Promise<Meeting> {
  const { db } = deps.database;
  const owned = and(eq(meetings.id, meetingId), eq(meetings.userId, userId));
  const [meeting] = await db
    .select({
      audioUrl: meetings.audioUrl,
      isProcessing: meetings.isProcessing,
      isRecording: meetings.isRecording,
    })
    .from(meetings)
    .where(owned);
  if (!meeting) throw new NotFoundError('Meeting');
  if (meeting.isProcessing || meeting.isRecording) throw new MeetingBusyError();
  const key = keyFromAudioUrl(meeting.audioUrl);
  if (!key) throw new NoStoredAudioError();

  // The flag is taken in one statement, so two clicks (or two servers) enqueue one job.
  const taken = await db
    .update(meetings)
    .set({ isProcessing: true, updatedAt: sql`now()` })
    .where(and(owned, eq(meetings.isProcessing, false), eq(meetings.isRecording, false)))
    .returning({ id: meetings.id });
  if (taken.length === 0) throw new MeetingBusyError();

  try {
    await enqueueMeetingProcessing(deps.jobs, {
      meetingId,
      userId,
      audioKey: key,
      mimeType: contentTypeForKey(key),
      source: 'recording',
      retranscribe: true,
    });
  } catch (err) {
    log.error({ err, meetingId }, '[retranscribe] could not enqueue processing');
    await db.update(meetings).set({ isProcessing: false }).where(owned);
    throw new AppError(500, 'Transcription failed', 'Processing could not start');
  }
  return getMeeting(db, userId, meetingId, deps.storage);
}
