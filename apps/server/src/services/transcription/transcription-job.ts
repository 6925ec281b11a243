/**
 * The durable async transcription job: queue 'transcription.run' on pg-boss. The job reads the
 * recording from Summy's storage by key, transcribes it with the configured provider within 15
 * minutes (the documented polling time-out) and stores the documented answer as the job's `output`,
 * where GET /api/status reads it.
 */
import type { Job, JobResult } from 'pg-boss';
import type { AppDeps } from '../../deps.ts';
import type { TranscriptionJobData } from '../../jobs/payloads.ts';
import { SttError, type SttErrorCode } from '../../providers/stt/types.ts';
import { toSpeechToTextAnswer, type SpeechToTextAnswer } from './speech-to-text-answer.ts';
import { transcribeAudioFile } from './transcribe-audio-file.ts';
import { log } from '../../log.ts';

/** Time budget of one job: 15 minutes (job polling time-out), in ms. */
export const JOB_TIMEOUT_MS = 15 * 60 * 1000;

/** What a job stores as its output. */
export type TranscriptionJobOutput =
  { result: SpeechToTextAnswer } | { error: string; details: string; code: SttErrorCode };

// Failures that the same request would hit again: give up at once instead of retrying.
const PERMANENT: ReadonlySet<SttErrorCode> = new Set(['unauthorized', 'empty', 'parse', 'timeout']);

/**
 * Runs a batch of jobs and settles each with its own output: completed with the answer, or failed
 * with `{error: 'Job failed', details, code}`, dead-lettered (no retry) when retrying cannot help.
 */
export async function runTranscriptionJobs(
  deps: Pick<AppDeps, 'env' | 'storage'>,
  jobs: Job<TranscriptionJobData>[],
): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const job of jobs) {
    try {
      const answer = await runOne(deps, job);
      results.push({ id: job.id, status: 'completed', output: { result: answer } });
    } catch (err) {
      const stt = err instanceof SttError ? err : undefined;
      if (!stt) log.error({ err }, '[jobs] transcription failed');
      const output: TranscriptionJobOutput = {
        error: 'Job failed',
        details: failureDetails(stt),
        code: stt?.code ?? 'failed',
      };
      // A job stopped from outside (server shutdown, lost claim) is retried, whatever it threw.
      const permanent = stt !== undefined && PERMANENT.has(stt.code) && !job.signal?.aborted;
      results.push({ id: job.id, status: permanent ? 'deadletter' : 'failed', output });
    }
  }
  return results;
}

async function runOne(
  deps: Pick<AppDeps, 'env' | 'storage'>,
  job: Job<TranscriptionJobData>,
): Promise<SpeechToTextAnswer> {
  const data = job.data;
  const result = await deps.storage.withLocalFile(data.audioKey, (path) =>
    transcribeAudioFile(deps.env, {
      path,
      mimeType: data.mimeType,
      language: data.language,
      timeoutMs: JOB_TIMEOUT_MS,
      signal: job.signal,
    }),
  );
  return toSpeechToTextAnswer(result, data.features);
}

// The documented job messages: the time-out has its own; otherwise the provider's message with its
// details, or 'Async transcription failed' when the cause is not a provider failure.
function failureDetails(err: SttError | undefined): string {
  if (!err) return 'Async transcription failed';
  if (err.code === 'timeout') return 'Deepgram job timed out';
  return `${err.message}: ${err.details}`;
}
