import type { AppDeps } from '../../deps.ts';
import { TRANSCRIPTION_RUN, type TranscriptionJobData } from '../../jobs/payloads.ts';
import { NotFoundError, ValidationError } from '../../errors/app-errors.ts';
import { createUrlSigner } from '../../storage/signing.ts';
import { StartFailedError } from './errors.ts';
import { recordingKeyFromUrl } from './recording-url.ts';
import type { AnswerFeatures } from './speech-to-text-answer.ts';
import { log } from '../../log.ts';

/** The body of POST /api/start. */
export interface StartTranscriptionInput extends AnswerFeatures {
  /** A signed storage URL of one of the user's recordings. */
  fileUrl: string;
  /** BCP-47, default 'en'. */
  language: string;
  /** Default 'nova-3'. */
  model: string;
}

/**
 * Starts a durable transcription job for one of the user's stored recordings. The URL is only
 * parsed for its storage key (never fetched); the key must start with the user's id and exist.
 * @returns the pg-boss job id, for GET /api/status
 * @throws ValidationError 400 when fileUrl is not a signed URL of the user's own recording
 * @throws NotFoundError 404 when no such recording is stored
 * @throws StartFailedError 500 'Start failed' when storage or the queue cannot be reached
 */
export async function startTranscriptionJob(
  deps: AppDeps,
  userId: string,
  input: StartTranscriptionInput,
): Promise<{ jobId: string }> {
  const signer = createUrlSigner(deps.env.authSecret);
  const parsed = recordingKeyFromUrl(input.fileUrl, userId, {
    publicUrl: deps.env.publicUrl,
    s3: deps.env.s3,
    verifyLocal: (key, expires, signature) => signer.verify(key, expires, signature),
  });
  if ('error' in parsed) throw new ValidationError([{ path: 'fileUrl', message: parsed.error }]);

  let stored;
  try {
    stored = await deps.storage.stat(parsed.key);
  } catch (err) {
    log.error({ err }, '[transcription] storage stat failed');
    throw new StartFailedError('The recording could not be read from storage');
  }
  if (!stored) throw new NotFoundError('Recording');

  const data: TranscriptionJobData = {
    userId,
    audioKey: parsed.key,
    mimeType: stored.contentType,
    language: input.language,
    model: input.model,
    features: {
      diarize: input.diarize,
      summarize: input.summarize,
      topics: input.topics,
      intents: input.intents,
      sentiments: input.sentiments,
      utterances: input.utterances,
    },
  };
  let jobId: string | null;
  try {
    jobId = await deps.jobs.send(TRANSCRIPTION_RUN.name, data);
  } catch (err) {
    log.error({ err }, '[transcription] enqueue failed');
    throw new StartFailedError('The transcription job could not be queued');
  }
  if (!jobId) throw new StartFailedError('The transcription job could not be queued');
  return { jobId };
}
