import type { TranscriptionResult } from '@summy/core';
import type { Env } from '../../env.ts';
import { selectSttProvider } from '../../providers/stt/select.ts';
import { SttError, type SttProvider } from '../../providers/stt/types.ts';
import { log } from '../../log.ts';
import { measuredStt } from '../../metrics/stt.ts';

/** What to transcribe and for how long at most. */
export interface TranscribeAudioFileInput {
  /** Absolute path of the audio on local disk. */
  path: string;
  mimeType: string;
  /** BCP-47 language, default 'en'. */
  language?: string;
  /** Time budget in milliseconds; past it the work is aborted. */
  timeoutMs: number;
  /** Aborts early, e.g. when the client goes away or a job loses its claim. */
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/**
 * Transcribes a local audio file with the configured provider (STT_PROVIDER), within `timeoutMs`.
 * A provider that ignores the abort signal is abandoned at the deadline all the same.
 * @throws SttError with the documented message for the cause; 'timeout' past the deadline; a
 * failure that is not an SttError, or missing settings of the selected provider, become 'failed'
 * ('Transcription failed') with the reason as details
 */
export async function transcribeAudioFile(
  env: Env,
  input: TranscribeAudioFileInput,
): Promise<TranscriptionResult> {
  let provider: SttProvider;
  try {
    provider = measuredStt(await selectSttProvider(env));
  } catch (err) {
    // A settings problem (named by ConfigurationError) or an offline engine that cannot load.
    log.error({ err }, '[stt] no provider');
    throw new SttError('failed', err instanceof Error ? err.message : String(err));
  }
  const deadline = AbortSignal.timeout(input.timeoutMs);
  const signal = input.signal ? AbortSignal.any([deadline, input.signal]) : deadline;
  const timedOut = () =>
    new SttError(
      'timeout',
      `Transcription took longer than ${Math.round(input.timeoutMs / 1000)} seconds`,
    );

  let onAbort: (() => void) | undefined;
  const abandoned = new Promise<never>((_, reject) => {
    onAbort = () => reject(deadline.aborted ? timedOut() : new SttError('failed', 'Aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([
      provider.transcribe({
        path: input.path,
        mimeType: input.mimeType,
        language: input.language || 'en',
        signal,
        onProgress: input.onProgress,
      }),
      abandoned,
    ]);
  } catch (err) {
    if (deadline.aborted) throw timedOut();
    if (err instanceof SttError) throw err;
    log.error({ err }, '[stt] provider failed');
    throw new SttError('failed');
  } finally {
    signal.removeEventListener('abort', onAbort!);
    abandoned.catch(() => undefined);
  }
}
