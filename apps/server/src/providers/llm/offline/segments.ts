/**
 * Topic segmentation of a meeting by lexical cohesion, after TextTiling (Hearst, "TextTiling:
 * Segmenting Text into Multi-paragraph Subtopic Passages", 1997): the similarity of the words
 * either side of every gap between sentences dips where the talk changes subject; the deepest dips
 * are the boundaries. Each topic is named by the keyphrase most particular to it, and its
 * confidence is the share of the meeting's words it covers.
 */
import { extractKeyphrases } from './keyphrases.ts';
import type { Sentence } from './text.ts';

/** A stretch of the meeting about one subject. */
export interface Topic {
  /** Its name: the keyphrase most particular to it ('user requirements'). */
  label: string;
  /** Sentences it spans, in order. */
  sentences: Sentence[];
  /** Share of the meeting's words it covers, 0..1 (two decimals). */
  share: number;
}

function counts(sentences: Sentence[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of sentences) for (const t of s.terms) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/** Cosine similarity of two sparse term vectors, 0..1 (0 when either is empty). */
export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, w] of a) {
    na += w * w;
    const o = b.get(t);
    if (o) dot += w * o;
  }
  for (const w of b.values()) nb += w * w;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Boundaries (sentence indexes where a new topic starts) by TextTiling: block comparison with a
 * window of about √n sentences, smoothed, depth scores at the valleys, and Hearst's cut-off
 * (mean − sd/2 of the depths). Topics are at least two windows long.
 */
export function tileBoundaries(sentences: Sentence[]): number[] {
  const n = sentences.length;
  const w = Math.max(4, Math.min(20, Math.round(Math.sqrt(n))));
  if (n < 4 * w) return [];
  const gaps: number[] = [];
  for (let i = w; i <= n - w; i++) {
    gaps[i] = cosine(counts(sentences.slice(i - w, i)), counts(sentences.slice(i, i + w)));
  }
  const smooth = (i: number) => {
    const xs = [gaps[i - 1], gaps[i], gaps[i + 1]].filter((x): x is number => x !== undefined);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const sim: number[] = [];
  for (let i = w; i <= n - w; i++) sim[i] = smooth(i);
  const depths: { i: number; depth: number }[] = [];
  for (let i = w + 1; i < n - w; i++) {
    if (!(sim[i]! <= sim[i - 1]! && sim[i]! <= sim[i + 1]!)) continue;
    let l = sim[i]!;
    for (let k = i - 1; k >= w && sim[k]! >= l; k--) l = sim[k]!;
    let r = sim[i]!;
    for (let k = i + 1; k <= n - w && sim[k]! >= r; k++) r = sim[k]!;
    depths.push({ i, depth: l - sim[i]! + (r - sim[i]!) });
  }
  if (!depths.length) return [];
  const mean = depths.reduce((a, d) => a + d.depth, 0) / depths.length;
  const sd = Math.sqrt(depths.reduce((a, d) => a + (d.depth - mean) ** 2, 0) / depths.length);
  const cut = mean - sd / 2;
  const chosen: number[] = [];
  for (const d of [...depths].sort((a, b) => b.depth - a.depth)) {
    if (d.depth <= cut) break;
    if (chosen.every((c) => Math.abs(c - d.i) >= 2 * w) && d.i >= 2 * w && n - d.i >= 2 * w) {
      chosen.push(d.i);
    }
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * The meeting's topics in spoken order, adjacent topics with the same name merged. A short meeting
 * is one topic.
 */
export function segmentTopics(sentences: Sentence[]): Topic[] {
  if (!sentences.length) return [];
  const cuts = [0, ...tileBoundaries(sentences), sentences.length];
  const total = sentences.reduce((a, s) => a + s.words, 0) || 1;
  const whole = counts(sentences);
  const topics: Topic[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const part = sentences.slice(cuts[k], cuts[k + 1]);
    const local = counts(part);
    // The phrase said here more than elsewhere: recurrence here × the share of its uses here.
    const label =
      extractKeyphrases(part, 6)
        .map((p) => {
          const stems = p.phrase.split(' ').map((w) => w.replace(/s$/, ''));
          const here = stems.reduce((a, t) => a + (local.get(t) ?? 0), 0);
          const all = stems.reduce((a, t) => a + (whole.get(t) ?? 0), 0) || 1;
          return { p, score: p.confidence * (here / all) * (stems.length > 1 ? 1.3 : 1) };
        })
        .sort((a, b) => b.score - a.score)[0]?.p.phrase ?? '';
    const words = part.reduce((a, s) => a + s.words, 0);
    const prev = topics[topics.length - 1];
    if (prev && (prev.label === label || !label)) {
      prev.sentences.push(...part);
      prev.share += words / total;
    } else topics.push({ label, sentences: [...part], share: words / total });
  }
  for (const t of topics) t.share = Math.round(t.share * 100) / 100;
  return topics.filter((t) => t.label);
}
