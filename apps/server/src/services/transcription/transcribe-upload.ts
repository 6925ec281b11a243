import type { IncomingMessage } from 'node:http';
import type { Env } from '../../env.ts';
import { scratchDir } from '../../storage/scratch.ts';
import { SttError } from '../../providers/stt/types.ts';
import { probeAudio } from '../../audio/ffmpeg.ts';
import { selectSttProvider } from '../../providers/stt/select.ts';
import { DIRECT_MAX_BYTES, TooLongForQuickProcessingError, TranscriptionError } from './errors.ts';
import { receiveAudioUpload } from './receive-audio-upload.ts';
import { toSpeechToTextAnswer, type SpeechToTextAnswer } from './speech-to-text-answer.ts';
import { transcribeAudioFile } from './transcribe-audio-file.ts';

/**
 * Refuses at once audio that the provider would not transcribe within `timeoutMs`, by its
 * duration (ffprobe) and the provider's estimate; providers without an estimate (remote
 * services), unselectable providers and unreadable files are left to the transcription itself.
 * @throws TooLongForQuickProcessingError 413 'File too large for quick processing'
 */
async function refuseWhatWouldTimeOut(env: Env, file: string, timeoutMs: number): Promise<void> {
  const provider = await selectSttProvider(env).catch(() => undefined);
  if (!provider?.estimateSeconds) return;
  const info = await probeAudio(file, { allowTruncated: true }).catch(() => undefined);
  if (!info) return;
  const expectedS = provider.estimateSeconds(info.durationS);
  if (expectedS * 1000 > timeoutMs) {
    throw new TooLongForQuickProcessingError(info.durationS, expectedS, timeoutMs / 1000);
  }
}

/**
 * Direct transcription: streams the multipart field `audio` (at most 15 MB) to a temporary file,
 * transcribes it with the configured provider within STT_TIMEOUT_MS (default 120 s) and answers the
 * documented speech-to-text shape. An optional text field `language` (BCP-47, default 'en') is
 * honoured. The temporary file is deleted whatever happens.
 * @throws FileTooLargeError 413 'File too large for quick processing' above 15 MB
 * @throws TooLongForQuickProcessingError 413 'File too large for quick processing', at once,
 *   when the provider's estimate for the audio's duration passes the time-out (offline provider)
 * @throws ValidationError 400 when the body has no audio
 * @throws TranscriptionError with the provider failure's status and message, e.g. 401 'Invalid
 *   Deepgram API key', 429 'Rate limit exceeded', 504 'Processing timeout'
 */
export async function transcribeUpload(
  env: Env,
  request: IncomingMessage,
): Promise<SpeechToTextAnswer> {
  const timeoutMs = env.sttTimeoutMs;
  const audio = await receiveAudioUpload(request, {
    field: 'audio',
    maxBytes: DIRECT_MAX_BYTES,
    tmpDir: scratchDir(env.dataDir),
  });
  try {
    await refuseWhatWouldTimeOut(env, audio.path, timeoutMs);
  } catch (err) {
    await audio.dispose();
    throw err;
  }
  // The client going away stops the provider too (no point paying for an answer nobody reads).
  const gone = new AbortController();
  const onClose = () => gone.abort();
  request.socket?.once('close', onClose);
  try {
    const language = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(audio.fields.language ?? '')
      ? audio.fields.language!
      : 'en';
    const result = await transcribeAudioFile(env, {
      path: audio.path,
      mimeType: audio.mimeType,
      language,
      timeoutMs,
      signal: gone.signal,
    });
    return toSpeechToTextAnswer(result);
  } catch (err) {
    if (err instanceof SttError) throw TranscriptionError.from(err);
    throw err;
  } finally {
    request.socket?.off('close', onClose);
    await audio.dispose();
  }
}
