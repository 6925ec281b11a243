/**
 * Reading generated and reference notes for bench/notes/run.ts: the summary as prose, its
 * overview and key points, repeated points, and the transcript's opening sentences.
 */
import { STOPWORDS } from './baseline-v0/stopwords.ts';
import { rougeTokens } from './rouge.ts';

/** A word without its plural -s (not -ss). */
export function singular(w: string): string {
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** The summary as prose for ROUGE: headings and markdown marks removed. */
export function plain(md: string): string {
  return md
    .replace(/^#+ .*$/gm, '')
    .replace(/[*_`>]/g, '')
    .replace(/^\s*[-•]\s+/gm, '')
    .trim();
}

/** The overview: the text under the first heading (or the first paragraph). */
export function overviewOf(md: string): string {
  const m = /^## Overview\s*\n+([\s\S]*?)(?=\n## |$)/m.exec(md);
  return m ? m[1]! : md.split(/\n\s*\n/)[0]!;
}

/** Bullets of the key points section(s): everything under a heading with 'Key points'. */
export function keyPointsOf(md: string): string[] {
  const out: string[] = [];
  let inKey = false;
  for (const line of md.split('\n')) {
    if (/^##\s/.test(line)) inKey = /key points/i.test(line);
    else if (/^###\s/.test(line)) continue;
    else if (inKey && /^\s*-\s/.test(line)) out.push(line.replace(/^\s*-\s+/, ''));
  }
  return out;
}

/** Pairs of key points that say the same: equal words, or content-word Jaccard ≥ 0.7. */
export function repeatedKeyPoints(points: string[]): number {
  const sets = points.map(
    (p) => new Set(rougeTokens(p.replace(/^\*\*[^*]+\*\*/, '')).filter((w) => !STOPWORDS.has(w))),
  );
  let pairs = 0;
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      const a = sets[i]!;
      const b = sets[j]!;
      let inter = 0;
      for (const w of a) if (b.has(w)) inter++;
      const union = a.size + b.size - inter;
      if (union && inter / union >= 0.7) pairs++;
    }
  }
  return pairs;
}

/** First sentences of the transcript (speaker labels dropped) up to `words` words. */
export function firstSentences(transcript: string, words: number): string {
  const sentences = transcript
    .split(/\n\s*\n/)
    .map((p) => p.replace(/^[^:\n]{1,40}:\s*/, ''))
    .flatMap((p) => p.split(/(?<=[.!?])\s+/));
  const out: string[] = [];
  let n = 0;
  for (const s of sentences) {
    if (n >= words) break;
    out.push(s);
    n += rougeTokens(s).length;
  }
  return out.join(' ');
}
