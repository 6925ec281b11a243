/**
 * ROUGE F1 (Lin, "ROUGE: A Package for Automatic Evaluation of Summaries", 2004) through the
 * js-rouge package, with one fixed tokenizer for every system: lowercase, runs of letters and
 * digits, no stemming and no stopword removal (the `rouge-score` defaults without `use_stemmer`).
 * ROUGE-L is the summary-level union LCS ('rougeLsum'), sentences split at . ! ? and line ends.
 */
import { l, n } from 'js-rouge';

/** Lowercase letter/digit tokens: 'Twenty-five Euro.' → ['twenty', 'five', 'euro']. */
export function rougeTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => rougeTokens(s).length > 0);
}

/** ROUGE-1, ROUGE-2 and ROUGE-L F1 of a candidate against one reference, each 0..1. */
export interface RougeScores {
  r1: number;
  r2: number;
  rl: number;
}

/** Scores `candidate` against `reference`; an empty side scores 0. */
export function rouge(candidate: string, reference: string): RougeScores {
  if (!rougeTokens(candidate).length || !rougeTokens(reference).length) {
    return { r1: 0, r2: 0, rl: 0 };
  }
  const opts = { tokenizer: rougeTokens, caseSensitive: false };
  return {
    r1: n(candidate, reference, { ...opts, n: 1 }),
    r2: n(candidate, reference, { ...opts, n: 2 }),
    rl: l(candidate, reference, { ...opts, segmenter: sentencesOf }),
  };
}
