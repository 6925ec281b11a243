/**
 * The speech-to-text result every provider answers, and how it becomes the stored transcript text
 * that the meeting view parses (paragraphs separated by blank lines, each starting 'Speaker N:').
 * Times are in seconds.
 */
import { z } from './zod.ts';

/** A recognised word with its time span (s), confidence (0 to 1) and 0-based speaker index. */
export const wordSchema = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  confidence: z.number(),
  speaker: z.number().int().min(0).optional(),
});
export type Word = z.infer<typeof wordSchema>;

/** A speaker turn: consecutive words of one speaker. `speaker` is 0-based. */
export const speakerTurnSchema = z.object({
  speaker: z.number().int().min(0),
  text: z.string(),
  start: z.number(),
  end: z.number(),
  confidence: z.number(),
});
export type SpeakerTurn = z.infer<typeof speakerTurnSchema>;

/**
 * Each speaker's voiceprint: the mean of the neural speaker embeddings of their speech, made by
 * the local engine's speaker embedding model (CAM++ in the catalog). `vectors[i]` belongs to
 * speaker `i` (0-based, as in `words`); null when that speaker spoke too little to embed. Only
 * embeddings of one `model` are comparable.
 */
export const speakerEmbeddingsSchema = z.object({
  /** Catalog id of the embedding model. */
  model: z.string().min(1),
  vectors: z.array(z.array(z.number()).nullable()),
});
export type SpeakerEmbeddings = z.infer<typeof speakerEmbeddingsSchema>;

/** Summy's transcription result. `duration` in seconds. */
export const transcriptionResultSchema = z.object({
  text: z.string(),
  duration: z.number(),
  language: z.string(),
  confidence: z.number(),
  /** Speaker turns in time order (number, text, start, end, confidence). */
  speakers: z.array(speakerTurnSchema),
  words: z.array(wordSchema),
  summary: z.string().nullable(),
  topics: z.array(z.object({ topic: z.string(), confidence: z.number() })),
  intents: z.array(z.object({ intent: z.string(), confidence: z.number() })),
  sentiment: z
    .object({
      average: z.object({ sentiment: z.string(), score: z.number() }),
      segments: z.array(
        z.object({
          text: z.string(),
          start: z.number(),
          end: z.number(),
          sentiment: z.string(),
          score: z.number(),
        }),
      ),
    })
    .nullable(),
  utterances: z.array(
    z.object({
      speaker: z.number().int().min(0),
      transcript: z.string(),
      start: z.number(),
      end: z.number(),
    }),
  ),
  /** Per-speaker voiceprints; absent when no speaker embedding model ran. */
  speakerEmbeddings: speakerEmbeddingsSchema.optional(),
});
export type TranscriptionResult = z.infer<typeof transcriptionResultSchema>;

/** Groups words into speaker turns: a new turn starts when the speaker changes. */
export function wordsToTurns(words: Word[]): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  let sum = 0;
  let n = 0;
  for (const w of words) {
    const speaker = w.speaker ?? 0;
    const last = turns[turns.length - 1];
    if (last && last.speaker === speaker) {
      last.text += ` ${w.word}`;
      last.end = w.end;
      sum += w.confidence;
      n += 1;
      last.confidence = sum / n;
    } else {
      sum = w.confidence;
      n = 1;
      turns.push({ speaker, text: w.word, start: w.start, end: w.end, confidence: w.confidence });
    }
  }
  return turns;
}

/**
 * The stored transcript: one paragraph per speaker turn, 'Speaker N: text' with N 1-based,
 * separated by blank lines, which is the format the meeting view's parser reads.
 */
export function turnsToTranscriptText(turns: SpeakerTurn[]): string {
  return turns
    .filter((t) => t.text.trim())
    .map((t) => `Speaker ${t.speaker + 1}: ${t.text.trim()}`)
    .join('\n\n');
}

/** The utterances of a result made from its speaker turns, for engines that give none of their own. */
export function turnsToUtterances(turns: SpeakerTurn[]): TranscriptionResult['utterances'] {
  return turns.map((t) => ({ speaker: t.speaker, transcript: t.text, start: t.start, end: t.end }));
}

/** True when the result holds no recognised speech. */
export function hasSpeech(result: Pick<TranscriptionResult, 'text'>): boolean {
  return result.text.trim().length > 0;
}
