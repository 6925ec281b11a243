import type { Jobs } from '../../jobs/boss.ts';

/** Payload of a `meeting.process` job. */
export interface MeetingProcessJob {
  meetingId: string;
  userId: string;
  /** Storage key of the audio in bucket 'recordings'. */
  audioKey: string;
  /** Declared MIME type of the audio. */
  mimeType: string;
  /** Which pipeline applies: a browser recording's stop, or an upload. */
  source: 'upload' | 'recording';
  /** Original file name (upload), for the fallback title. */
  fileName?: string;
  /**
   * A meeting transcribed before, run again on its stored audio
   * (services/meetings/retranscribe-meeting.ts): a failed transcription keeps what it had, the
   * title falls back to the current one, and the earlier run's untouched action items are replaced.
   */
  retranscribe?: boolean;
}

/**
 * Enqueues the processing pipeline for a meeting whose audio is already stored. The job is
 * durable: it survives a restart of the server (pg-boss).
 * @returns the job id
 */
export async function enqueueMeetingProcessing(
  jobs: Jobs,
  job: MeetingProcessJob,
): Promise<string> {
  const id = await jobs.send('meeting.process', job);
  if (!id) throw new Error('meeting.process job was not created');
  return id;
}
