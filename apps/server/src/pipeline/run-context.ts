/**
 * What every step of one meeting pipeline run shares: the server's parts, the job, its tools, the
 * meeting as it was when the run began, and the progress and notice senders.
 */
import type { NoticeEvent, ProgressLabel } from '@summy/core';
import type { DatabaseHandle, meetings } from '@summy/db';
import type { MeetingProcessJob } from '../jobs/payloads.ts';
import type { Storage } from '../storage/types.ts';
import type { PipelineTools } from './tools.ts';
import type { CallHolder } from './call-transcript.ts';

/** What the pipeline needs of the server. */
export interface PipelineDeps {
  database: DatabaseHandle;
  storage: Storage;
  /**
   * Folder for temporary audio (a call's channels and mix), created when missing: the server
   * passes its scratch folder under DATA_DIR (storage/scratch.ts); default `os.tmpdir()`, for
   * tests and benchmarks only.
   */
  tmpDir?: string;
}

/** How a run ended. */
export type PipelineOutcome =
  'saved' | 'no-speech' | 'transcription-failed' | 'meeting-gone' | 'already-processed';

/** Transcription language. */
export const DEFAULT_LANGUAGE = 'en';

/** The meeting's row as the run reads it once at the start. */
export type RunMeeting = Pick<
  typeof meetings.$inferSelect,
  'isProcessing' | 'title' | 'date' | 'participants' | 'channels'
> & {
  /** The linked calendar event's attendees, or null without a linked event. */
  attendees: (typeof meetings.$inferSelect)['calendarEventAttendees'];
  /** The account holder: who channel 0 of a call recording is. */
  holder: CallHolder;
};

/** One run of the pipeline, passed to each step. */
export interface MeetingRun {
  deps: PipelineDeps;
  job: MeetingProcessJob;
  tools: PipelineTools;
  signal?: AbortSignal;
  meeting: RunMeeting;
  /** An upload (not a stopped recording): its file must be whole, its notices differ. */
  isUpload: boolean;
  /** A re-transcription: the meeting keeps what it had when the new run does worse. */
  again: boolean;
  /** Shows a progress label on the meeting; never throws. */
  progress(label: ProgressLabel): Promise<unknown>;
  /** Sends a notice about the meeting; never throws. */
  notice(n: Omit<NoticeEvent, 'meetingId'>): Promise<unknown>;
}

/** `{provider, model?}` of the provider that ran; `model` when the provider names its model. */
export function transcribedBy(stt: PipelineTools['stt']): { provider: string; model?: string } {
  return stt.model ? { provider: stt.id, model: stt.model } : { provider: stt.id };
}
