/**
 * OpenAI's `verbose_json` transcription answer
 * (https://platform.openai.com/docs/api-reference/audio/verbose-json-object), as OpenAI and
 * OpenAI-compatible servers (faster-whisper-server, whisper.cpp server) send it, mapped to Summy's
 * `TranscriptionResult`. Pure: no I/O, unit-tested on its own.
 */
import { z } from 'zod';
import { turnsToUtterances, wordsToTurns, type TranscriptionResult, type Word } from '@summy/core';
import { SttError } from '../types.ts';

const num = z.number().finite();

// Lenient on purpose: compatible servers omit Whisper's bookkeeping fields (tokens, temperature,
// compression_ratio) and some add a diarized `speaker` to segments ('SPEAKER_01' or a number).
const segmentSchema = z.object({
  start: num,
  end: num,
  text: z.string().default(''),
  avg_logprob: num.optional(),
  speaker: z.union([z.number(), z.string()]).optional(),
});

/** The fields of a verbose_json answer that Summy reads. */
export const openAiVerboseSchema = z.object({
  text: z.string(),
  language: z.string().nullish(),
  duration: num.nullish(),
  words: z.object({ word: z.string(), start: num, end: num }).array().nullish(),
  segments: segmentSchema.array().nullish(),
});

type Segment = z.infer<typeof segmentSchema>;

/**
 * Maps a verbose_json answer to a `TranscriptionResult`. OpenAI does not diarize: every word is
 * speaker 0 unless the segments carry speakers. Word confidence is the exponential of the
 * segment's average log-probability (Whisper gives no per-word confidence), else 1. When the server
 * sends segments but no words (it ignored `timestamp_granularities[]=word`), words are spread
 * evenly over their segment.
 * @param language reported when the answer has none (OpenAI names languages, e.g. 'english')
 * @throws SttError 'empty' when the body has no `text` ('No transcription results')
 */
export function mapOpenAiVerbose(body: unknown, language: string): TranscriptionResult {
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof (body as { text?: unknown }).text !== 'string'
  ) {
    throw new SttError('empty', 'The OpenAI-compatible server returned no transcription');
  }
  const parsed = openAiVerboseSchema.safeParse(body);
  if (!parsed.success) {
    throw new SttError('parse', 'The OpenAI-compatible answer could not be read');
  }
  const answer = parsed.data;
  const segments = [...(answer.segments ?? [])].sort((a, b) => a.start - b.start);
  const sourceWords = answer.words?.length ? answer.words : wordsFromSegments(segments);

  const words: Word[] = sourceWords
    .map((w) => ({ ...w, word: w.word.trim() }))
    .filter((w) => w.word)
    .sort((a, b) => a.start - b.start)
    .map((w) => {
      const seg = segmentAt(segments, (w.start + w.end) / 2);
      return {
        word: w.word,
        start: w.start,
        end: Math.max(w.start, w.end),
        confidence: seg?.avg_logprob !== undefined ? clamp01(Math.exp(seg.avg_logprob)) : 1,
        speaker: speakerIndex(seg?.speaker),
      };
    });
  const speakers = wordsToTurns(words);
  const lastEnd = words[words.length - 1]?.end ?? segments[segments.length - 1]?.end ?? 0;
  const confidence = words.length
    ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length
    : 0;
  return {
    text: answer.text.trim(),
    duration: answer.duration ?? lastEnd,
    language: isoLanguage(answer.language) ?? language,
    confidence,
    speakers,
    words,
    summary: null,
    topics: [],
    intents: [],
    sentiment: null,
    utterances: turnsToUtterances(speakers),
  };
}

function wordsFromSegments(segments: Segment[]) {
  return segments.flatMap((seg) => {
    const parts = seg.text.trim().split(/\s+/).filter(Boolean);
    const step = (seg.end - seg.start) / Math.max(1, parts.length);
    return parts.map((word, i) => ({
      word,
      start: seg.start + i * step,
      end: seg.start + (i + 1) * step,
    }));
  });
}

function segmentAt(segments: Segment[], t: number): Segment | undefined {
  return segments.find((s) => t >= s.start && t <= s.end);
}

function speakerIndex(speaker: number | string | undefined): number {
  if (typeof speaker === 'number' && Number.isInteger(speaker) && speaker >= 0) return speaker;
  if (typeof speaker === 'string') {
    const digits = /(\d+)\s*$/.exec(speaker);
    if (digits) return Number(digits[1]);
  }
  return 0;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

// OpenAI reports a language name ('english'); compatible servers often send a code ('en').
const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  japanese: 'ja',
  chinese: 'zh',
  russian: 'ru',
};

function isoLanguage(value: string | null | undefined): string | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  if (LANGUAGE_NAMES[v]) return LANGUAGE_NAMES[v];
  return /^[a-z]{2,3}(-[a-z0-9]+)*$/.test(v) ? v : undefined;
}
