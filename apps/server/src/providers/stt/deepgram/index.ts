/**
 * Deepgram speech-to-text through the official SDK (@deepgram/sdk v5): pre-recorded transcription
 * of a local file with nova-3, diarization, utterances, summary (v2), topics, intents, sentiment,
 * smart formatting and punctuation; a call's two channels in one `multichannel` request. Vendor
 * reference:
 * https://developers.deepgram.com/reference/speech-to-text/listen-pre-recorded
 */
import { DeepgramClient, DeepgramError, DeepgramTimeoutError } from '@deepgram/sdk';
import type { TranscriptionResult } from '@summy/core';
import { SttError, type SttInput, type SttProvider } from '../types.ts';
import { mapDeepgramAnswer, mapDeepgramChannels } from './map.ts';

/** Settings of the Deepgram provider (catalog.ts). */
export interface DeepgramSttOptions {
  apiKey: string;
  /** API base URL without path, e.g. https://api.deepgram.com or a loopback fake. */
  baseUrl: string;
  /** Model; default 'nova-3'. */
  model?: string;
}

// The SDK aborts after 60 s by default; Summy's callers pass their own signal (120 s direct,
// 15 minutes for jobs), so the SDK's own limit is only a backstop above both.
const SDK_TIMEOUT_S = 20 * 60;

/** Creates the Deepgram provider. */
export function createDeepgramSttProvider(options: DeepgramSttOptions): SttProvider {
  const client = new DeepgramClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    // The SDK retries 429 and 5xx twice by default, which would hide a rate limit behind
    // minutes of waiting and re-send the whole file; the caller decides (jobs retry on their own).
    maxRetries: 0,
    timeoutInSeconds: SDK_TIMEOUT_S,
  });
  const model = options.model ?? 'nova-3';

  /** One request for `input`, `multichannel` when asked; answers the SDK's parsed body. */
  const listen = async (input: SttInput, multichannel: boolean): Promise<unknown> => {
    let body: unknown;
    try {
      body = await client.listen.v1.media.transcribeFile(
        { path: input.path, contentType: input.mimeType },
        {
          model,
          language: input.language || 'en',
          diarize: true,
          utterances: true,
          summarize: 'v2',
          topics: true,
          intents: true,
          sentiment: true,
          smart_format: true,
          punctuate: true,
          ...(multichannel && { multichannel: true }),
        },
        { abortSignal: input.signal, maxRetries: 0 },
      );
    } catch (err) {
      throw toSttError(err, input.signal);
    }
    // A 200 answer that is not JSON reaches us as the SDK's own `{ok: false, error}` marker
    // instead of a thrown error.
    if (isNonJsonMarker(body)) throw new SttError('parse', 'Deepgram answered with invalid JSON');
    input.onProgress?.(1);
    return body;
  };

  return {
    id: 'deepgram',
    async transcribe(input: SttInput): Promise<TranscriptionResult> {
      return mapDeepgramAnswer(await listen(input, false), input.language || 'en');
    },
    // A call's two channels in one request: Deepgram transcribes each apart (`multichannel`).
    async transcribeChannels(input: SttInput) {
      return mapDeepgramChannels(await listen(input, true), input.language || 'en');
    },
  };
}

function isNonJsonMarker(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { ok?: unknown }).ok === false &&
    (body as { error?: { reason?: unknown } }).error?.reason === 'non-json'
  );
}

/** Maps an SDK failure to the documented error for its cause. */
function toSttError(err: unknown, signal: AbortSignal | undefined): SttError {
  if (err instanceof SttError) return err;
  if (signal?.aborted || err instanceof DeepgramTimeoutError) return new SttError('timeout');
  if (err instanceof DeepgramError) {
    if (err.statusCode === 401 || err.statusCode === 403) return new SttError('unauthorized');
    if (err.statusCode === 429) return new SttError('rate_limited');
    // A non-2xx answer whose body is not JSON also lands here, with the raw text as body.
  }
  return new SttError('failed', 'Deepgram transcription failed');
}
