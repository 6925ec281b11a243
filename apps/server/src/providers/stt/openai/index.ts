/**
 * OpenAI or OpenAI-compatible speech-to-text: `POST {base}/v1/audio/transcriptions` as multipart
 * (file, model, response_format 'verbose_json', timestamp_granularities[] word and segment,
 * language). Works against OpenAI and local Whisper servers (faster-whisper-server, whisper.cpp
 * server). Vendor reference: https://platform.openai.com/docs/api-reference/audio/createTranscription
 *
 * Why plain fetch and not the AI SDK's `experimental_transcribe` (ai 6, @ai-sdk/openai 3): its
 * result keeps segments OR words (segments win, so word timings are lost when both are asked
 * for), it validates segments strictly (tokens, temperature, compression_ratio...) which
 * compatible servers omit, it throws NoTranscriptGeneratedError on silence where Summy needs a
 * "no speech" result, it always sends a key, and it reads the whole file into memory. Here the file
 * is streamed from disk (`fs.openAsBlob`).
 */
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import type { TranscriptionResult } from '@summy/core';
import { SttError, type SttInput, type SttProvider } from '../types.ts';
import { mapOpenAiVerbose } from './map.ts';

/** Settings of the OpenAI-compatible provider (catalog.ts). */
export interface OpenAiSttOptions {
  /** Sent as `Authorization: Bearer <key>`; absent for local servers that take none. */
  apiKey: string | undefined;
  /** Base URL with or without a trailing '/v1', e.g. https://api.openai.com or http://localhost:8000/v1. */
  baseUrl: string;
  /** Model name, e.g. 'whisper-1'. */
  model: string;
}

/** The transcription endpoint for a base URL given with or without its '/v1'. */
export function transcriptionsUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return /\/v\d+$/.test(new URL(base).pathname)
    ? `${base}/audio/transcriptions`
    : `${base}/v1/audio/transcriptions`;
}

// OpenAI picks the decoder from the file name's extension, so the name must match the content.
const EXTENSIONS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
};

function fileName(input: SttInput): string {
  const byType = EXTENSIONS[input.mimeType.toLowerCase().split(';')[0]!.trim()];
  const byPath = path.extname(input.path).slice(1).toLowerCase();
  return `audio.${byType ?? (byPath || 'wav')}`;
}

/** Creates the OpenAI-compatible provider. */
export function createOpenAiSttProvider(options: OpenAiSttOptions): SttProvider {
  const url = transcriptionsUrl(options.baseUrl);
  const host = new URL(url).host;

  return {
    id: 'openai',
    async transcribe(input: SttInput): Promise<TranscriptionResult> {
      const language = input.language || 'en';
      const form = new FormData();
      form.append('file', await openAsBlob(input.path, { type: input.mimeType }), fileName(input));
      form.append('model', options.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      form.append('timestamp_granularities[]', 'segment');
      // OpenAI takes ISO-639-1 ('en'), Summy keeps BCP-47 ('en-US').
      form.append('language', language.split('-')[0]!.toLowerCase());

      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          body: form,
          signal: input.signal,
        });
        text = await res.text();
      } catch {
        if (input.signal?.aborted) throw new SttError('timeout');
        throw new SttError('failed', `OpenAI transcription failed: could not reach ${host}`);
      }
      if (!res.ok) throw statusError(res.status, text);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new SttError('parse', 'The OpenAI-compatible server answered with invalid JSON');
      }
      input.onProgress?.(1);
      return mapOpenAiVerbose(body, language);
    },
  };
}

function statusError(status: number, text: string): SttError {
  if (status === 401 || status === 403) {
    return new SttError('unauthorized', 'The OpenAI API key was rejected (check OPENAI_API_KEY)');
  }
  if (status === 429) return new SttError('rate_limited');
  let message = '';
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    const e = parsed.error;
    message = typeof e === 'string' ? e : typeof e?.message === 'string' ? e.message : '';
  } catch {
    // Not JSON: keep the status only.
  }
  return new SttError(
    'failed',
    `OpenAI transcription failed: HTTP ${status}${message ? ` ${message}` : ''}`,
  );
}
