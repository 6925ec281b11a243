/**
 * `transcription.run`: the durable jobs of `POST /api/start`
 * (services/transcription/transcription-job.ts), each settled with its own output.
 */
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import {
  runTranscriptionJobs,
  type TranscriptionJobData,
} from '../../services/transcription/transcription-job.ts';
import { defineQueue } from '../queue.ts';

const payload = z.object({
  userId: z.string(),
  audioKey: z.string(),
  mimeType: z.string(),
  language: z.string(),
  model: z.string(),
  features: z.object({
    diarize: z.boolean(),
    summarize: z.boolean(),
    topics: z.boolean(),
    intents: z.boolean(),
    sentiments: z.boolean(),
    utterances: z.boolean(),
  }),
}) satisfies z.ZodType<TranscriptionJobData>;

/** The queue of async transcriptions. */
export const transcriptionRunQueue = defineQueue({
  name: 'transcription.run',
  options: {
    retryLimit: 1,
    retryDelay: 5,
    // Above the job's own 15-minute time-out so that one fires first with a clear error.
    expireInSeconds: 15 * 60 + 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  payload,
  kind: 'transcription',
  work: { perJobResults: true },
  handler: (deps: Pick<AppDeps, 'env' | 'storage'>, jobs) => runTranscriptionJobs(deps, jobs),
});
