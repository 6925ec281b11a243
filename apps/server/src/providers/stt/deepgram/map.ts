/**
 * Deepgram's pre-recorded answer (https://developers.deepgram.com/reference/speech-to-text/listen-pre-recorded)
 * mapped to Summy's `TranscriptionResult`. Pure: no I/O, unit-tested on its own.
 */
import { z } from 'zod';
import { wordsToTurns, type TranscriptionResult, type Word } from '@summy/core';
import { SttError } from '../types.ts';

const num = z.number().finite();

const wordSchema = z.object({
  word: z.string(),
  start: num,
  end: num,
  confidence: num.default(0),
  speaker: z.number().int().min(0).optional(),
  punctuated_word: z.string().optional(),
});

// Segments of topics, intents and sentiment point into the word list by index.
const segmentBase = {
  text: z.string().default(''),
  start_word: num.optional(),
  end_word: num.optional(),
};

const segmentsOf = <T extends z.ZodRawShape>(extra: T) =>
  z
    .object({ ...segmentBase, ...extra })
    .array()
    .default([]);

const topicSegments = segmentsOf({
  topics: z
    .object({ topic: z.string(), confidence_score: num.default(0) })
    .array()
    .default([]),
});
const intentSegments = segmentsOf({
  intents: z
    .object({ intent: z.string(), confidence_score: num.default(0) })
    .array()
    .default([]),
});

/**
 * The fields of the answer Summy reads. Topics and intents are documented as `{segments}`; the SDK's
 * types also describe a `{results: {topics: {segments}}}` nesting (the text-intelligence answer),
 * so both are read.
 */
export const deepgramAnswerSchema = z.object({
  metadata: z.object({ duration: num.default(0) }).default({ duration: 0 }),
  results: z.object({
    channels: z
      .object({
        detected_language: z.string().optional(),
        alternatives: z
          .object({
            transcript: z.string().default(''),
            confidence: num.default(0),
            words: wordSchema.array().default([]),
          })
          .array()
          .default([]),
      })
      .array()
      .default([]),
    utterances: z
      .object({
        start: num,
        end: num,
        transcript: z.string().default(''),
        speaker: z.number().int().min(0).optional(),
        /** The audio channel of the utterance, with `multichannel=true`. */
        channel: z.number().int().min(0).optional(),
      })
      .array()
      .optional(),
    summary: z.object({ short: z.string().optional(), result: z.string().optional() }).optional(),
    topics: z
      .object({
        segments: topicSegments.optional(),
        results: z.object({ topics: z.object({ segments: topicSegments }) }).optional(),
      })
      .optional(),
    intents: z
      .object({
        segments: intentSegments.optional(),
        results: z.object({ intents: z.object({ segments: intentSegments }) }).optional(),
      })
      .optional(),
    sentiments: z
      .object({
        segments: segmentsOf({
          sentiment: z.string(),
          sentiment_score: num.default(0),
        }),
        average: z.object({ sentiment: z.string(), sentiment_score: num.default(0) }).optional(),
      })
      .optional(),
  }),
});

/** Deepgram's answer as Summy reads it. */
export type DeepgramAnswer = z.infer<typeof deepgramAnswerSchema>;

/**
 * Maps a Deepgram answer to a `TranscriptionResult`: words (punctuated when Deepgram punctuated
 * them) with their diarized speaker, speaker turns, utterances, the short summary, topics and
 * intents (highest confidence per name), sentiment segments timed from their word range.
 * @param language reported when Deepgram does not detect one
 * @throws SttError 'parse' when the body is not a Deepgram answer; 'empty' when it has no channel
 *   or no alternative ('No transcription results' / 'Deepgram returned empty results')
 */
export function mapDeepgramAnswer(body: unknown, language: string): TranscriptionResult {
  const parsed = deepgramAnswerSchema.safeParse(body);
  if (!parsed.success) {
    throw new SttError('parse', 'The Deepgram answer could not be read');
  }
  const { metadata, results } = parsed.data;
  const channel = results.channels[0];
  const alternative = channel?.alternatives[0];
  if (!channel || !alternative) throw new SttError('empty');

  const words: Word[] = alternative.words.map((w) => ({
    word: w.punctuated_word ?? w.word,
    start: w.start,
    end: w.end,
    confidence: w.confidence,
    speaker: w.speaker ?? 0,
  }));
  const speakers = wordsToTurns(words);
  return {
    text: alternative.transcript,
    duration: metadata.duration,
    language: channel.detected_language ?? language,
    confidence: alternative.confidence,
    speakers,
    words,
    summary: results.summary?.short?.trim() ? results.summary.short : null,
    topics: topicsOf(results),
    intents: intentsOf(results),
    sentiment: sentimentOf(results, words),
    utterances: utterancesOf(results, speakers),
  };
}

/**
 * Maps a `multichannel=true` answer of a two-channel file to one `TranscriptionResult` per
 * channel: `results.channels[i]` with the utterances of channel i (speakers are diarized within a
 * channel). Topics and intents describe the whole call and go with channel 1 only, so a merge
 * does not count them twice; summary and sentiment point at one word list and are left out.
 * @throws SttError 'parse' when the body is not a Deepgram answer; 'empty' when it holds fewer
 *   than two channels or a channel without an alternative
 */
export function mapDeepgramChannels(
  body: unknown,
  language: string,
): [TranscriptionResult, TranscriptionResult] {
  const parsed = deepgramAnswerSchema.safeParse(body);
  if (!parsed.success) throw new SttError('parse', 'The Deepgram answer could not be read');
  const { metadata, results } = parsed.data;
  if (results.channels.length < 2) {
    throw new SttError('empty', 'Deepgram returned one channel of a two-channel recording');
  }
  const channel = (i: 0 | 1): TranscriptionResult =>
    mapDeepgramAnswer(
      {
        metadata,
        results: {
          channels: [results.channels[i]],
          utterances: results.utterances?.filter((u) => (u.channel ?? 0) === i),
          ...(i === 1 && { topics: results.topics, intents: results.intents }),
        },
      },
      language,
    );
  return [channel(0), channel(1)];
}

type Results = DeepgramAnswer['results'];

// Deepgram's utterances when it sent them, else the speaker turns.
function utterancesOf(
  results: Results,
  speakers: TranscriptionResult['speakers'],
): TranscriptionResult['utterances'] {
  return results.utterances
    ? results.utterances.map((u) => ({
        speaker: u.speaker ?? 0,
        transcript: u.transcript,
        start: u.start,
        end: u.end,
      }))
    : speakers.map((t) => ({ speaker: t.speaker, transcript: t.text, start: t.start, end: t.end }));
}

// The topics of both nestings, each once with its highest confidence.
function topicsOf(results: Results): TranscriptionResult['topics'] {
  const topicSegs = [
    ...(results.topics?.segments ?? []),
    ...(results.topics?.results?.topics.segments ?? []),
  ];
  return bestByName(
    topicSegs.flatMap((s) => s.topics.map((t) => ({ name: t.topic, score: t.confidence_score }))),
  ).map(({ name, score }) => ({ topic: name, confidence: score }));
}

// The intents of both nestings, each once with its highest confidence.
function intentsOf(results: Results): TranscriptionResult['intents'] {
  const intentSegs = [
    ...(results.intents?.segments ?? []),
    ...(results.intents?.results?.intents.segments ?? []),
  ];
  return bestByName(
    intentSegs.flatMap((s) =>
      s.intents.map((t) => ({ name: t.intent, score: t.confidence_score })),
    ),
  ).map(({ name, score }) => ({ intent: name, confidence: score }));
}

// The average sentiment (neutral when absent) and the segments, timed from their word range.
function sentimentOf(results: Results, words: Word[]): TranscriptionResult['sentiment'] {
  const sentiments = results.sentiments;
  if (!sentiments) return null;
  const timeOf = (seg: { start_word?: number; end_word?: number }) => {
    const first = words[Math.max(0, Math.floor(seg.start_word ?? 0))];
    const last = words[Math.min(words.length - 1, Math.floor(seg.end_word ?? words.length - 1))];
    return { start: first?.start ?? 0, end: last?.end ?? first?.end ?? 0 };
  };
  return {
    average: {
      sentiment: sentiments.average?.sentiment ?? 'neutral',
      score: sentiments.average?.sentiment_score ?? 0,
    },
    segments: sentiments.segments.map((s) => ({
      text: s.text,
      ...timeOf(s),
      sentiment: s.sentiment,
      score: s.sentiment_score,
    })),
  };
}

// Topics and intents repeat across segments; keep each name once with its highest confidence.
function bestByName(items: { name: string; score: number }[]) {
  const best = new Map<string, { name: string; score: number }>();
  for (const item of items) {
    const key = item.name.toLowerCase();
    const seen = best.get(key);
    if (!seen || item.score > seen.score) best.set(key, item);
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}
