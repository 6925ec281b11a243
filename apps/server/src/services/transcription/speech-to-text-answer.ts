/**
 * The answer shape of the documented transcription worker: a speech-to-text result in Deepgram's
 * layout, `{results: {channels: [{alternatives: [{transcript, confidence, words}]}], utterances,
 * summary, topics, intents, sentiments}, metadata: {duration}}`, whichever provider produced it.
 * Times are in seconds. Pure: no I/O.
 */
import { z } from '@hono/zod-openapi';
import type { TranscriptionResult } from '@summy/core';

const segment = {
  text: z.string(),
  start_word: z.number().int(),
  end_word: z.number().int(),
};

/** The documented speech-to-text answer (Deepgram's pre-recorded layout). */
export const speechToTextAnswerSchema = z
  .object({
    results: z.object({
      channels: z
        .object({
          alternatives: z
            .object({
              transcript: z.string(),
              confidence: z.number(),
              words: z
                .object({
                  word: z.string(),
                  start: z.number(),
                  end: z.number(),
                  confidence: z.number(),
                  speaker: z.number().int().min(0).openapi({ description: '0-based speaker' }),
                })
                .array(),
            })
            .array(),
        })
        .array(),
      utterances: z
        .object({
          start: z.number(),
          end: z.number(),
          channel: z.number().int(),
          transcript: z.string(),
          speaker: z.number().int().min(0),
        })
        .array(),
      summary: z
        .object({ result: z.literal('success'), short: z.string() })
        .nullable()
        .openapi({ description: 'Short summary, or null when the provider gives none' }),
      topics: z.object({
        segments: z
          .object({
            ...segment,
            topics: z.object({ topic: z.string(), confidence_score: z.number() }).array(),
          })
          .array(),
      }),
      intents: z.object({
        segments: z
          .object({
            ...segment,
            intents: z.object({ intent: z.string(), confidence_score: z.number() }).array(),
          })
          .array(),
      }),
      sentiments: z
        .object({
          segments: z
            .object({
              ...segment,
              start: z.number(),
              end: z.number(),
              sentiment: z.string(),
              sentiment_score: z.number(),
            })
            .array(),
          average: z.object({ sentiment: z.string(), sentiment_score: z.number() }),
        })
        .nullable(),
    }),
    metadata: z.object({
      duration: z.number().openapi({ description: 'Seconds' }),
      channels: z.number().int(),
      language: z.string(),
    }),
  })
  .openapi('SpeechToTextResult');

/** The documented speech-to-text answer. */
export type SpeechToTextAnswer = z.infer<typeof speechToTextAnswerSchema>;

/** Which analyses an async job asked for (POST /api/start); all on by default. */
export interface AnswerFeatures {
  diarize: boolean;
  summarize: boolean;
  topics: boolean;
  intents: boolean;
  sentiments: boolean;
  utterances: boolean;
}

/** Every analysis on: the direct endpoint's answer. */
export const ALL_FEATURES: AnswerFeatures = {
  diarize: true,
  summarize: true,
  topics: true,
  intents: true,
  sentiments: true,
  utterances: true,
};

/**
 * The sentiment analysis as answered: each segment with the range of words it spans (indexes into
 * the words), and the average; null when the result has none.
 */
function sentimentsOf(result: TranscriptionResult) {
  const { words, sentiment } = result;
  if (!sentiment) return null;
  const wordRange = (start: number, end: number) => {
    const eps = 1e-6;
    let first = words.findIndex((w) => w.start >= start - eps);
    if (first < 0) first = Math.max(0, words.length - 1);
    let last = first;
    for (let i = first; i < words.length && words[i]!.end <= end + eps; i++) last = i;
    return { start_word: first, end_word: last };
  };
  return {
    segments: sentiment.segments.map((s) => ({
      text: s.text,
      ...wordRange(s.start, s.end),
      start: s.start,
      end: s.end,
      sentiment: s.sentiment,
      sentiment_score: s.score,
    })),
    average: {
      sentiment: sentiment.average.sentiment,
      sentiment_score: sentiment.average.score,
    },
  };
}

/**
 * Maps Summy's `TranscriptionResult` to the documented answer. An analysis switched off in
 * `features` comes back empty (null summary and sentiments, no segments or utterances; speaker 0
 * without diarization). Topics and intents, which Summy keeps for the whole recording, form one
 * segment spanning every word.
 */
export function toSpeechToTextAnswer(
  result: TranscriptionResult,
  features: AnswerFeatures = ALL_FEATURES,
): SpeechToTextAnswer {
  const words = result.words;
  const whole = { text: result.text, start_word: 0, end_word: Math.max(0, words.length - 1) };
  return {
    results: {
      channels: [
        {
          alternatives: [
            {
              transcript: result.text,
              confidence: result.confidence,
              words: words.map((w) => ({
                word: w.word,
                start: w.start,
                end: w.end,
                confidence: w.confidence,
                speaker: features.diarize ? (w.speaker ?? 0) : 0,
              })),
            },
          ],
        },
      ],
      utterances: features.utterances
        ? result.utterances.map((u) => ({
            start: u.start,
            end: u.end,
            channel: 0,
            transcript: u.transcript,
            speaker: features.diarize ? u.speaker : 0,
          }))
        : [],
      summary:
        features.summarize && result.summary ? { result: 'success', short: result.summary } : null,
      topics: {
        segments:
          features.topics && result.topics.length
            ? [
                {
                  ...whole,
                  topics: result.topics.map((t) => ({
                    topic: t.topic,
                    confidence_score: t.confidence,
                  })),
                },
              ]
            : [],
      },
      intents: {
        segments:
          features.intents && result.intents.length
            ? [
                {
                  ...whole,
                  intents: result.intents.map((t) => ({
                    intent: t.intent,
                    confidence_score: t.confidence,
                  })),
                },
              ]
            : [],
      },
      sentiments: features.sentiments ? sentimentsOf(result) : null,
    },
    metadata: { duration: result.duration, channels: 1, language: result.language },
  };
}
