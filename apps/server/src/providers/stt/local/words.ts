/**
 * Words with times from a sherpa-onnx recognition result (word timings from the recognizer's token
 * timestamps). Pure: no I/O.
 *
 * SentencePiece-style tokens (NeMo, Whisper, Moonshine) start a new word with a space (sherpa
 * turns NeMo's `▁` into a space); other tokens continue the current word. A word starts at its
 * first token's time and ends where the next word starts, at most `maxWordS` after its last
 * token starts (or that token's duration, for TDT models that report one), never past the
 * segment. Recognizers that report no token times (Whisper and Moonshine in sherpa-onnx) get
 * times spread over the segment in proportion to each word's length: estimates, in order.
 */
import type { Word } from '@summy/core';
import type { OfflineRecognizerResult } from 'sherpa-onnx-node';

/** Tokens that never reach the text: unknown, blank and special tokens such as `<|en|>`. */
const SPECIAL_TOKEN = /^\s*(<[^>]*>|<\|[^|]*\|>)\s*$/;

/** Longest a word is assumed to last after its last token starts (s), when nothing says. */
const MAX_WORD_TAIL_S = 0.6;

/** A word before speakers are known: text, times (s, recording time) and confidence 0..1. */
export type TimedWord = Omit<Word, 'speaker'>;

/**
 * The words of one recognized segment in recording time, in order.
 * @param result the recognizer's answer for the segment
 * @param segmentStart where the segment starts in the recording (s)
 * @param segmentEnd where it ends (s)
 */
export function wordsFromResult(
  result: Pick<OfflineRecognizerResult, 'text' | 'tokens' | 'timestamps' | 'durations'>,
  segmentStart: number,
  segmentEnd: number,
): TimedWord[] {
  const length = segmentEnd - segmentStart;
  const timed =
    result.tokens.length > 0 && result.timestamps.length === result.tokens.length
      ? tokenWords(result)
      : spreadWords(result.text, length);
  const out: TimedWord[] = [];
  timed.forEach((w, i) => {
    const next = timed[i + 1];
    const start = clamp(w.start, 0, length);
    const tail = w.tailS ?? MAX_WORD_TAIL_S;
    const end = clamp(Math.min(next ? next.start : length, w.lastTokenStart + tail), start, length);
    out.push({
      word: w.text,
      start: round(segmentStart + start),
      end: round(segmentStart + end),
      // sherpa-onnx's offline results carry no token probabilities.
      confidence: 1,
    });
  });
  return out;
}

interface RawWord {
  text: string;
  start: number;
  lastTokenStart: number;
  /** How long the last token lasts (s), when the recognizer says. */
  tailS?: number;
}

function tokenWords(result: Pick<OfflineRecognizerResult, 'tokens' | 'timestamps' | 'durations'>) {
  const words: RawWord[] = [];
  const durations =
    result.durations?.length === result.tokens.length ? result.durations : undefined;
  result.tokens.forEach((token, i) => {
    if (SPECIAL_TOKEN.test(token) || token === '') return;
    const time = result.timestamps[i]!;
    const startsWord = /^\s/.test(token) || words.length === 0;
    const piece = token.trim();
    if (startsWord) {
      if (!piece) return;
      words.push({ text: piece, start: time, lastTokenStart: time });
    } else {
      const last = words[words.length - 1]!;
      last.text += piece;
      last.lastTokenStart = time;
    }
    const last = words[words.length - 1]!;
    last.tailS = durations ? Math.max(durations[i]!, 0.04) : undefined;
  });
  return words;
}

function spreadWords(text: string, length: number): RawWord[] {
  const pieces = text.split(/\s+/).filter((p) => p && !SPECIAL_TOKEN.test(p));
  const total = pieces.reduce((sum, p) => sum + p.length + 1, 0);
  let at = 0;
  return pieces.map((p) => {
    const start = (at / total) * length;
    at += p.length + 1;
    const span = ((p.length + 1) / total) * length;
    return { text: p, start, lastTokenStart: start, tailS: span };
  });
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Milliseconds are plenty: token times come in 10 to 80 ms steps. */
function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
