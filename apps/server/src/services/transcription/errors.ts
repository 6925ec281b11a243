/**
 * Errors of the transcription worker endpoints, as `AppError`s so the shared `handleError` answers
 * them with the documented `{error, details}`.
 */
import { AppError } from '../../errors/app-errors.ts';
import type { SttError, SttErrorCode } from '../../providers/stt/types.ts';

/** Direct transcription limit: 15 MB, in bytes. */
export const DIRECT_MAX_BYTES = 15 * 1024 * 1024;

/**
 * 413 'File too large for quick processing'. The documented server answered HTTP 500 mentioning a
 * time-out; Summy answers 413 Payload Too Large, the status that says what happened, with the same
 * message and the advice to use a file under 15 MB or the async job.
 */
export class FileTooLargeError extends AppError {
  constructor() {
    super(
      413,
      'File too large for quick processing',
      'Please use a file under 15 MB for direct transcription, or upload it to storage and start an async job with POST /api/start.',
    );
  }
}

/**
 * 413 'File too large for quick processing' for audio that the provider would not finish within the
 * direct time-out (6 minutes offline timed out after 120 s with no hint); answered at once, before
 * transcribing, naming the job route.
 * @param audioS the audio's duration (s); `expectedS` the provider's estimate (s);
 *   `budgetS` the time-out (s)
 */
export class TooLongForQuickProcessingError extends AppError {
  constructor(audioS: number, expectedS: number, budgetS: number) {
    super(
      413,
      'File too large for quick processing',
      `${formatMinutes(audioS)} of audio would take about ${Math.round(expectedS)} s to transcribe here, past the ${Math.round(budgetS)} s time-out of direct transcription. Use a file under 15 MB that is shorter, or the async job for long files: upload it (POST /api/meetings/upload or /api/uploads), then POST /api/start with its fileUrl and poll GET /api/status?jobId=.`,
    );
  }
}

function formatMinutes(s: number): string {
  return s < 90 ? `${Math.round(s)} s` : `${(s / 60).toFixed(1)} minutes`;
}

/** A failed transcription, with the status and message of its SttError code. */
export class TranscriptionError extends AppError {
  constructor(
    readonly code: SttErrorCode,
    message: string,
    details: string,
    status: number,
  ) {
    super(status as ConstructorParameters<typeof AppError>[0], message, details);
  }

  /** The HTTP form of a provider failure. */
  static from(err: SttError): TranscriptionError {
    return new TranscriptionError(err.code, err.message, err.details, err.status);
  }
}

/** 500 'Start failed': the async job could not be queued (job errors). */
export class StartFailedError extends AppError {
  constructor(details: string) {
    super(500, 'Start failed', details);
  }
}

/** 500 'Status failed': the job's state could not be read (job errors). */
export class StatusFailedError extends AppError {
  constructor(details: string) {
    super(500, 'Status failed', details);
  }
}
