/**
 * The summary a person would write, without a language model: an overview that names the meeting's
 * subject and who took part, quoting a sentence worded as a decision; then Decisions, Action items
 * (both as picks from the transcript), Key points grouped by topic, and Topics. Topics come from
 * lexical-cohesion segmentation (./segments.ts); within a topic sentences are ranked by closeness
 * to the topic's and the meeting's vocabulary (centroid scoring, Radev et al. 2004) and
 * near-duplicates are removed (maximal marginal relevance, Carbonell & Goldstein 1998). Fillers,
 * questions, cut-off fragments and rambling are never key points; a sentence is shown whole, with
 * its speaker. Linear in the transcript length but for the segmentation's window (√n sentences).
 * The notes are written out from it by ./markdown.ts.
 */
import { extractKeyphrases, type Keyphrase } from './keyphrases.ts';
import { cosine, segmentTopics, type Topic } from './segments.ts';
import { STOPWORDS } from './stopwords.ts';
import { disfluency, readable, type Sentence } from './text.ts';

/** Key points of one topic. */
export interface TopicPoints {
  topic: Topic;
  points: Sentence[];
}

/** What the summarizer picked. */
export interface ExtractiveSummary {
  /** The meeting's strongest keyphrases, best first: what it was about. */
  subject: Keyphrase[];
  /** Topics in spoken order, each with its share of the meeting. */
  topics: Topic[];
  /** Per topic (same order): its share times the cosine of its words to the meeting's, 0..1. How
   * much of what the meeting was about it holds; small talk weighs little. */
  weights: number[];
  /** Key points by topic, topics in spoken order, points in spoken order. */
  keyPoints: TopicPoints[];
  /** Sentences that state a decision, in spoken order. */
  decisions: Sentence[];
  /** Distinct speakers in order of first appearance. */
  speakers: string[];
  /** Words written capitalised mid-sentence and never in lowercase: names ('Nancy', 'Stripe'),
   * which keep their capital when a reported sentence starts with them. */
  names: ReadonlySet<string>;
}

/** How many key points for a meeting of `n` sentences: 3 for a chat, up to 8 for hours of talk. */
export function keyPointBudget(n: number): number {
  return Math.max(3, Math.min(8, Math.round(1 + Math.sqrt(n) / 4)));
}

/** Near-duplicate: two key points whose weighted words overlap this much (cosine) say one thing. */
const DUPLICATE = 0.5;

/** Words that state a decision ('we decided', "we'll go with", 'agreed on'). */
const DECISION =
  /\b(?:we(?:['’]ve| have)? (?:decided|agreed)|(?:we|I)(?:['’]ll| will|['’]re going to| are going to|['’]re gonna) go (?:with|for)|let['’]s go (?:with|for)|decided (?:on|to|that)|agreed (?:on|to|that)|the decision (?:is|was)|we(?:['’]re| are) (?:going with|sticking with)|settled? on)\b/i;

/** Terms weighted by count × inverse sentence frequency, the top `limit` kept. */
function centroidOf(
  sentences: Sentence[],
  idf: (t: string) => number,
  limit = 40,
): Map<string, number> {
  const tf = new Map<string, number>();
  for (const s of sentences) for (const t of s.terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  return new Map(
    [...tf.entries()]
      .map(([t, c]) => [t, c * idf(t)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit),
  );
}

/**
 * Whether a sentence states something on its own: whole, not a question (marked or not), not a
 * clause leaning on the one before, not talk to the room, not broken off and restarted.
 */
export function isStatement(s: Sentence): boolean {
  return (
    s.complete &&
    !s.text.includes('?') &&
    !QUESTION.test(readable(s.text)) &&
    !TAG_QUESTION.test(s.text) &&
    !DEPENDENT.test(readable(s.text)) &&
    !ADDRESS.test(readable(s.text)) &&
    !restarted(s.text)
  );
}

/** Whether a sentence can stand as a key point: whole, a statement, fluent, saying something. */
function eligible(s: Sentence, maxWords = MAX_POINT_WORDS): boolean {
  return (
    isStatement(s) &&
    s.words >= 7 &&
    s.words <= maxWords &&
    s.terms.length >= 3 &&
    disfluency(s.text) <= 0.15
  );
}

/**
 * Longest sentence shown as a key point, in words: a longer one rambles, and is never cut. Set
 * before measuring (a written sentence rarely passes 35 words); bench/notes checks it
 * leave-one-out against 25-50.
 */
export const MAX_POINT_WORDS = 35;

/** A question written without its mark ('Would you have the screen on the thing.'). */
const QUESTION =
  /^(?:(?:would|could|can|do|does|did|is|are|was|were|shall|will|what|how|why|where|who|which|when)\s+(?:you|we|i|they|it|he|she|there|that|this|the)|(?:what|how|why|where|who|which)\s+(?:(?:do|does|did|is|are|was|were|would|could|should)(?:n['’]t)?|can(?:['’]?t|not)?|will|won['’]t))\b/i;

/** A tag question ('Birds of prey aren't they, dear'): asks, does not state. */
const TAG_QUESTION =
  /\b(?:is|are|was|were|do|does|did|have|has|can|could|would|will|should)n['’]t (?:it|they|you|we|he|she|there|i)\b[\s,]*(?:[\w'’]+[\s,]*){0,2}[.!]$/i;

/** A clause that leans on what was said before ('Because it breaks.', 'Which is cheaper.'). */
const DEPENDENT = /^(?:because|['’]?cause|cuz|coz|which|whereas|as in|than|or|nor)\b/i;

/** Talk to the people in the room, not about the subject ('Please leave me a space', 'Sorry'). */
const ADDRESS = /^(?:please|sorry|thanks|thank you|excuse me|oops|hello|hi|bye)\b/i;

/**
 * Whether a speaker broke off a word and restarted it ('the re the resour the state of having
 * some resource'): a short non-word followed within four words by a word it begins; or broke off
 * a clause, a subject pronoun straight before an article ('We the project is now couches').
 */
export function restarted(text: string): boolean {
  if (/\b(?:I|we|they|he|she)\s+(?:the|a|an|my|our|your|this)\b/i.test(text)) return true;
  const tokens = text.toLowerCase().match(/[\p{L}'’]+/gu) ?? [];
  return tokens.some(
    (w, i) =>
      w.length >= 2 &&
      w.length <= 6 &&
      !STOPWORDS.has(w) &&
      tokens.slice(i + 1, i + 5).some((u) => u.length > w.length + 1 && u.startsWith(w)),
  );
}

/** Words that point at something said or shown rather than name it ('it', 'this', 'there'). */
const DEICTIC = new Set(
  `it it's its this that that's these those there there's here he she him her they them you i
  me we us which what`.split(/\s+/),
);

/**
 * How much a sentence says on its own, 0..1: the share of its words that carry a topic, lowered
 * by pointing words ('It's actually sitting, so it's sitting' names nothing) and by saying the
 * same word over.
 */
export function informativeness(s: Sentence): number {
  const tokens = s.text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  if (!tokens.length || !s.terms.length) return 0;
  const deictic = tokens.filter((w) => DEICTIC.has(w)).length / tokens.length;
  const density = Math.min(1, (2.5 * s.terms.length) / tokens.length);
  const variety = new Set(s.terms).size / s.terms.length;
  return Math.sqrt(density) * (1 - deictic) * variety;
}

/**
 * How many key points each topic gets of `want`: one each, weightiest first, as far as they go;
 * the rest by D'Hondt over the topics' weights.
 */
function pointQuotas(weight: number[], want: number): number[] {
  const quota = weight.map(() => 0);
  const order = weight.map((_, i) => i).sort((a, b) => weight[b]! - weight[a]!);
  for (const i of order.slice(0, want)) quota[i] = 1;
  for (let k = order.length; k < want; k++) {
    const at = weight
      .map((w, i) => w / (quota[i]! + 1))
      .reduce((best, x, i, xs) => (x > xs[best]! ? i : best), 0);
    quota[at]! += 1;
  }
  return quota;
}

/**
 * Picks the subject, topics, decisions and key points of a meeting.
 * @param sentences all sentences of the transcript (see `transcriptSentences`)
 * @param budget how many key points in all (default by `keyPointBudget`)
 * @param maxPointWords longest key point or decision in words (default `MAX_POINT_WORDS`)
 */
export function summarizeSentences(
  sentences: Sentence[],
  budget?: number,
  maxPointWords = MAX_POINT_WORDS,
): ExtractiveSummary {
  const n = sentences.length;
  const speakers = [...new Set(sentences.map((s) => s.speaker))];
  const subject = extractKeyphrases(sentences, 8);
  const topics = segmentTopics(sentences);
  const names = namesOf(sentences);
  if (n === 0) {
    return { subject, topics, weights: [], keyPoints: [], decisions: [], speakers, names };
  }

  const df = new Map<string, number>();
  for (const s of sentences) for (const t of new Set(s.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log((n + 1) / ((df.get(t) ?? 0) + 1)) + 1;
  const vectors = sentences.map((s) => {
    const v = new Map<string, number>();
    for (const t of s.terms) v.set(t, (v.get(t) ?? 0) + idf(t));
    return v;
  });
  const meeting = centroidOf(sentences, idf);

  const score = (s: Sentence, local: Map<string, number>) => {
    if (!eligible(s, maxPointWords)) return 0;
    const v = vectors[s.index]!;
    // Prefer 8-25 words: long enough to say something, short enough to read.
    const length = Math.min(1, s.words / 8) * (s.words > 25 ? 25 / s.words : 1);
    const fluency = 1 - 2 * disfluency(s.text);
    return (
      (0.6 * cosine(v, local) + 0.4 * cosine(v, meeting)) * length * fluency * informativeness(s)
    );
  };

  // Key points by the topics' weight: first one for each topic, weightiest first, as far as the
  // budget goes (notes cover every subject discussed), then D'Hondt (a topic of twice the weight
  // gets twice the points), so a long topic gets several. The weight is the topic's share of the
  // meeting times how close its words are to the whole meeting's (square root, a damping): small
  // talk is off the meeting's subject and gets fewer points than its length.
  const want = budget ?? keyPointBudget(n);
  const locals = topics.map((t) => centroidOf(t.sentences, idf, 25));
  const weight = topics.map((t, i) => t.share * Math.sqrt(cosine(locals[i]!, meeting)));
  const quota = pointQuotas(weight, want);
  const picked: number[] = [];
  const decisions = sentences
    .filter((s) => eligible(s, maxPointWords) && DECISION.test(s.text))
    .slice(0, 3);
  for (const d of decisions) picked.push(d.index);
  const fresh = (s: Sentence) =>
    !picked.some((j) => cosine(vectors[s.index]!, vectors[j]!) >= DUPLICATE);
  const ranked = topics.map((topic, k) => {
    const local = locals[k]!;
    return topic.sentences
      .map((s) => ({ s, v: score(s, local) }))
      .filter((x) => x.v > 0)
      .sort((a, b) => b.v - a.v || a.s.index - b.s.index);
  });
  const points: Sentence[][] = topics.map(() => []);
  // Best first within each topic, none repeating a point already picked (maximal marginal
  // relevance with a hard redundancy cut); a topic with too few good sentences passes its unused
  // points to the topic with the best remaining sentence.
  let spare = 0;
  topics.forEach((_, k) => {
    for (const { s } of ranked[k]!) {
      if (points[k]!.length >= quota[k]!) break;
      if (!fresh(s)) continue;
      points[k]!.push(s);
      picked.push(s.index);
    }
    spare += quota[k]! - points[k]!.length;
  });
  while (spare > 0) {
    let best: { k: number; s: Sentence; v: number } | undefined;
    ranked.forEach((list, k) => {
      const next = list.find(({ s }) => !picked.includes(s.index) && fresh(s));
      if (next && (!best || next.v > best.v)) best = { k, s: next.s, v: next.v };
    });
    if (!best) break;
    points[best.k]!.push(best.s);
    picked.push(best.s.index);
    spare--;
  }
  const keyPoints: TopicPoints[] = topics
    .map((topic, k) => ({ topic, points: points[k]!.sort((a, b) => a.index - b.index) }))
    .filter((t) => t.points.length);
  return { subject, topics, weights: weight, keyPoints, decisions, speakers, names };
}

/** Words capitalised mid-sentence and never written lowercase: names. */
function namesOf(sentences: Sentence[]): Set<string> {
  const lower = new Set<string>();
  const capital = new Set<string>();
  for (const s of sentences) {
    for (const m of s.text.matchAll(/(?<=[\s,;:(-])(\p{L}[\p{L}'’]*)/gu)) {
      const w = m[1]!;
      if (/^\p{Ll}/u.test(w)) lower.add(w);
      else capital.add(w.toLowerCase());
    }
  }
  return new Set([...capital].filter((w) => !lower.has(w)));
}
