/**
 * The speech-to-text provider interface. Every provider (Deepgram, OpenAI-compatible, the offline
 * PocketSphinx + diarization default) turns an audio file on local disk into Summy's
 * `TranscriptionResult` (packages/core/src/transcription.ts) and fails with `SttError`.
 */
import type { TranscriptionResult } from '@summy/core';

/**
 * Identifier of a speech-to-text provider in the catalog. 'local': sherpa-onnx models from the
 * models folder.
 */
export type SttProviderId = 'offline' | 'deepgram' | 'openai' | 'local';

/** What a provider transcribes. */
export interface SttInput {
  /** Absolute path of the audio file (any format ffmpeg reads). */
  path: string;
  /** Declared MIME type of the file, e.g. 'audio/wav'. */
  mimeType: string;
  /** BCP-47 language; default 'en'. */
  language: string;
  /** Aborts the work (time-outs: 120 s direct). */
  signal?: AbortSignal;
  /** Reports progress as a fraction 0..1 where the provider can tell. */
  onProgress?: (fraction: number) => void;
  /**
   * How many people take part, when known: the number of attendees of the meeting's linked
   * calendar event. A hint for speaker diarization; providers that cannot use it ignore it.
   */
  speakerCount?: number;
}

/** A speech-to-text provider. */
export interface SttProvider {
  readonly id: SttProviderId;
  /**
   * Catalog id of the model that transcribes, for providers that run one of several installed
   * models (the local one); recorded with the meeting.
   */
  readonly model?: string;
  transcribe(input: SttInput): Promise<TranscriptionResult>;
  /**
   * Transcribes the first two channels of a two-channel file each on its own in one request, for
   * services that can (Deepgram's `multichannel`); absent where the pipeline splits the file and
   * calls {@link SttProvider.transcribe} per channel.
   * @returns channel 0's transcription and channel 1's, each with its own speaker indexes
   */
  transcribeChannels?(input: SttInput): Promise<[TranscriptionResult, TranscriptionResult]>;
  /**
   * Expected wall-clock seconds to transcribe `audioS` seconds of audio, for providers whose time
   * grows with the audio on this machine (the offline one); absent for remote services. Lets direct
   * transcription refuse at once what would pass its time-out.
   */
  estimateSeconds?(audioS: number): number;
}

/** Why a transcription failed; each maps to the documented message. */
export type SttErrorCode =
  'unauthorized' | 'rate_limited' | 'timeout' | 'empty' | 'parse' | 'failed';

/** The documented messages per failure: `error` and `details` of the answer. */
export const STT_ERROR_MESSAGES: Record<
  SttErrorCode,
  { error: string; details: string; status: number }
> = {
  unauthorized: {
    error: 'Invalid Deepgram API key',
    details: 'The speech-to-text provider rejected the API key',
    status: 401,
  },
  rate_limited: {
    error: 'Rate limit exceeded',
    details: 'Too many requests. Please try again later.',
    status: 429,
  },
  timeout: {
    error: 'Processing timeout',
    details: 'Transcription took longer than 120 seconds',
    status: 504,
  },
  empty: {
    error: 'No transcription results',
    details: 'Deepgram returned empty results',
    status: 502,
  },
  parse: {
    error: 'Parse error',
    details: 'The speech-to-text answer could not be read',
    status: 502,
  },
  failed: {
    error: 'Transcription failed',
    details: 'The speech-to-text provider failed',
    status: 502,
  },
};

/** A failed transcription with the documented message for its cause. */
export class SttError extends Error {
  readonly details: string;
  readonly status: number;
  constructor(
    readonly code: SttErrorCode,
    details?: string,
  ) {
    super(STT_ERROR_MESSAGES[code].error);
    this.details = details ?? STT_ERROR_MESSAGES[code].details;
    this.status = STT_ERROR_MESSAGES[code].status;
  }
}
