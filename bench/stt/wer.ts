/**
 * Word error rate (WER): word-level Levenshtein alignment of a hypothesis against a reference
 * after normalisation (lower case; punctuation other than a word-internal apostrophe removed;
 * hyphens split words), counting substitutions, deletions and insertions.
 */

/** Counts of one alignment; `wer` = (substitutions + deletions + insertions) / referenceWords. */
export interface WerResult {
  referenceWords: number;
  hypothesisWords: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  wer: number;
}

/** The words of `text` after normalisation. */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Aligns `hypothesis` to `reference` (both raw text) and counts the errors. */
export function wordErrorRate(reference: string, hypothesis: string): WerResult {
  return alignWords(normaliseWords(reference), normaliseWords(hypothesis));
}

/** Levenshtein alignment of word lists with a backtrace that counts each kind of error. */
export function alignWords(ref: string[], hyp: string[]): WerResult {
  const rows = ref.length + 1;
  const cols = hyp.length + 1;
  const cost = new Int32Array(rows * cols);
  for (let i = 0; i < rows; i++) cost[i * cols] = i;
  for (let j = 0; j < cols; j++) cost[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const sub = cost[(i - 1) * cols + j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      cost[i * cols + j] = Math.min(
        sub,
        cost[(i - 1) * cols + j]! + 1,
        cost[i * cols + j - 1]! + 1,
      );
    }
  }
  let substitutions = 0;
  let deletions = 0;
  let insertions = 0;
  let i = ref.length;
  let j = hyp.length;
  while (i > 0 || j > 0) {
    const here = cost[i * cols + j]!;
    if (
      i > 0 &&
      j > 0 &&
      here === cost[(i - 1) * cols + j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1)
    ) {
      if (ref[i - 1] !== hyp[j - 1]) substitutions++;
      i--;
      j--;
    } else if (i > 0 && here === cost[(i - 1) * cols + j]! + 1) {
      deletions++;
      i--;
    } else {
      insertions++;
      j--;
    }
  }
  const errors = substitutions + deletions + insertions;
  return {
    referenceWords: ref.length,
    hypothesisWords: hyp.length,
    substitutions,
    deletions,
    insertions,
    wer: ref.length ? errors / ref.length : hyp.length ? 1 : 0,
  };
}
