import type { AppDeps } from '../../deps.ts';
import { TRANSCRIPTION_RUN, type TranscriptionJobData } from '../../jobs/payloads.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import { StatusFailedError } from './errors.ts';
import type { SpeechToTextAnswer } from './speech-to-text-answer.ts';
import type { TranscriptionJobOutput } from './transcription-job.ts';
import { log } from '../../log.ts';

/** The answer of GET /api/status. */
export type TranscriptionJobStatus =
  | { status: 'queued' | 'processing' }
  | { status: 'done'; result: SpeechToTextAnswer }
  | { status: 'error'; error: string; details: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The state of one of the user's transcription jobs: 'queued' (waiting or waiting to retry),
 * 'processing', 'done' with the documented speech-to-text answer, or 'error' with 'Job failed' and
 * details ('Deepgram job timed out', the provider's message, or 'Async transcription failed').
 * @throws NotFoundError 404 for an unknown job or another user's job (both answer alike)
 * @throws StatusFailedError 500 'Status failed' when the job store cannot be read
 */
export async function getTranscriptionJobStatus(
  deps: AppDeps,
  userId: string,
  jobId: string,
): Promise<TranscriptionJobStatus> {
  if (!UUID.test(jobId)) throw new NotFoundError('Transcription job');
  let job;
  try {
    job = await deps.jobs.boss.getJobById<TranscriptionJobData>(TRANSCRIPTION_RUN.name, jobId);
  } catch (err) {
    log.error({ err }, '[transcription] status lookup failed');
    throw new StatusFailedError('The transcription job could not be read');
  }
  if (!job || job.data?.userId !== userId) throw new NotFoundError('Transcription job');

  const output = job.output as Partial<TranscriptionJobOutput> | null | undefined;
  switch (job.state) {
    case 'created':
    case 'retry':
      return { status: 'queued' };
    case 'active':
      return { status: 'processing' };
    case 'completed':
      if (output && 'result' in output && output.result) {
        return { status: 'done', result: output.result };
      }
      return { status: 'error', error: 'Job failed', details: 'Async transcription failed' };
    default:
      return {
        status: 'error',
        error: 'Job failed',
        details:
          output && 'details' in output && typeof output.details === 'string'
            ? output.details
            : 'Async transcription failed',
      };
  }
}
