/**
 * The extractive summary's points with the transcript turns they come from: what the notes
 * written around My notes put under 'Also discussed' when no language model writes them (the
 * offline engine, or a model's answer that lost a note line twice).
 */
import { parseTranscript as parseTurns } from '@summy/core';
import { plain } from './done-items.ts';
import { attributedPoint } from './markdown.ts';
import { summarizeSentences } from './summarize.ts';
import {
  mendInterruptedTurns,
  parseTranscript,
  transcriptSentences,
  type Paragraph,
} from './text.ts';

/** One point of the extractive summary. */
export interface ExtractivePoint {
  /** The sentence as the offline notes show it (reported speech, or quoted after the speaker). */
  text: string;
  /** The core `parseTranscript` turn it was said in; empty when it cannot be told. */
  citations: number[];
}

/**
 * For each mended paragraph, the core turn its first paragraph is in (or null). The mended
 * paragraphs are the unabsorbed ones in order, each starting with its original's text; core
 * turns merge a speaker's consecutive paragraphs, so each paragraph's words are in one turn,
 * found walking forward.
 */
function turnsOfMended(transcript: string, original: Paragraph[], mended: Paragraph[]) {
  const turns = parseTurns(transcript).map((t) => plain(t.text));
  const turnOf = original.map(() => null as number | null);
  let c = 0;
  original.forEach((p, i) => {
    const words = plain(p.text);
    for (let k = c; k < turns.length; k++) {
      if (turns[k]!.includes(words)) {
        turnOf[i] = c = k;
        return;
      }
    }
  });
  let j = 0;
  return mended.map((m) => {
    while (
      j < original.length &&
      !(original[j]!.speaker === m.speaker && m.text.startsWith(original[j]!.text))
    ) {
      j++;
    }
    return j < original.length ? turnOf[j++]! : null;
  });
}

/**
 * The points of the offline extractive summary (sentences worded as decisions, then the key
 * points), in spoken order, each with the turn it was said in. Deterministic.
 */
export function extractivePoints(transcript: string): ExtractivePoint[] {
  const original = parseTranscript(transcript);
  const mended = mendInterruptedTurns(original);
  const sentences = transcriptSentences(mended);
  if (sentences.length === 0) return [];
  const extract = summarizeSentences(sentences);
  const turnOf = turnsOfMended(transcript, original, mended);
  const picked = [...extract.decisions, ...extract.keyPoints.flatMap((k) => k.points)];
  const unique = [...new Map(picked.map((s) => [s.index, s])).values()].sort(
    (a, b) => a.index - b.index,
  );
  return unique.map((s) => {
    const turn = turnOf[s.paragraph];
    return {
      text: attributedPoint(s, extract.names).replace(/^- /, ''),
      citations: turn === null || turn === undefined ? [] : [turn],
    };
  });
}
