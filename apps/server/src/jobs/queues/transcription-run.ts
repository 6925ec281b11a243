/**
 * `transcription.run`: the durable jobs of `POST /api/start`
 * (services/transcription/transcription-job.ts), each settled with its own output.
 */
import type { AppDeps } from '../../deps.ts';
import { runTranscriptionJobs } from '../../services/transcription/transcription-job.ts';
import { TRANSCRIPTION_RUN } from '../payloads.ts';
import { defineQueue } from '../queue.ts';

/** The queue of async transcriptions. */
export const transcriptionRunQueue = defineQueue({
  ...TRANSCRIPTION_RUN,
  options: {
    retryLimit: 1,
    retryDelay: 5,
    // Above the job's own 15-minute time-out so that one fires first with a clear error.
    expireInSeconds: 15 * 60 + 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  kind: 'transcription',
  work: { perJobResults: true },
  handler: (deps: Pick<AppDeps, 'env' | 'storage'>, jobs) => runTranscriptionJobs(deps, jobs),
});
