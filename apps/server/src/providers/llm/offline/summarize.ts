/**
 * The summary a person would write, without a language model (issue 11): an overview that names
 * the meeting's subject, who took part and what was decided; then Decisions, Action items, Key
 * points grouped by topic, and Topics. Topics come from lexical-cohesion segmentation
 * (./segments.ts); within a topic sentences are ranked by closeness to the topic's and the
 * meeting's vocabulary (centroid scoring, Radev et al. 2004) and near-duplicates are removed
 * (maximal marginal relevance, Carbonell & Goldstein 1998). Fillers, questions, cut-off fragments
 * and rambling are never key points; a sentence is shown whole, with its speaker. Linear in the
 * transcript length but for the segmentation's window (√n sentences).
 */
import type { ActionItemSuggestion } from '@summy/core';
import { extractKeyphrases, type Keyphrase } from './keyphrases.ts';
import { cosine, segmentTopics, type Topic } from './segments.ts';
import { disfluency, type Sentence } from './text.ts';

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
  /** Key points by topic, topics in spoken order, points in spoken order. */
  keyPoints: TopicPoints[];
  /** Sentences that state a decision, in spoken order. */
  decisions: Sentence[];
  /** Distinct speakers in order of first appearance. */
  speakers: string[];
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

/** Discourse openers dropped from a shown sentence ('So, um, and the price' → 'The price'). */
const OPENER =
  /^(?:(?:so|and|but|well|okay|ok|right|yeah|yes|no|now|oh|actually|anyway|alright|then|also|i mean|you know|like)\b[,\s]*)+/i;

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

/** Whether a sentence can stand as a key point: whole, a statement, fluent, saying something. */
function eligible(s: Sentence): boolean {
  return (
    s.complete &&
    !s.text.endsWith('?') &&
    s.words >= 7 &&
    s.terms.length >= 3 &&
    disfluency(s.text) <= 0.15
  );
}

/**
 * Picks the subject, topics, decisions and key points of a meeting.
 * @param sentences all sentences of the transcript (see `transcriptSentences`)
 * @param budget how many key points in all (default by `keyPointBudget`)
 */
export function summarizeSentences(sentences: Sentence[], budget?: number): ExtractiveSummary {
  const n = sentences.length;
  const speakers = [...new Set(sentences.map((s) => s.speaker))];
  const subject = extractKeyphrases(sentences, 8);
  const topics = segmentTopics(sentences);
  if (n === 0) return { subject, topics, keyPoints: [], decisions: [], speakers };

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
    if (!eligible(s)) return 0;
    const v = vectors[s.index]!;
    // Prefer 10-30 words: long enough to say something, short enough to read.
    const length = Math.min(1, s.words / 10) * (s.words > 30 ? 30 / s.words : 1);
    const fluency = 1 - 2 * disfluency(s.text);
    return (0.5 * cosine(v, local) + 0.5 * cosine(v, meeting)) * length * fluency;
  };

  // Key points: each topic gets points by its share (at least one), best sentences first, none
  // repeating a point already picked.
  const want = budget ?? keyPointBudget(n);
  const shares = topics.map((t) => t.share);
  const quota = topics.map(() => 0);
  for (let k = 0; k < Math.min(want, topics.length); k++) {
    // Largest remaining share first.
    const at = shares.indexOf(Math.max(...shares));
    quota[at]! += 1;
    shares[at] = -1;
  }
  let left = want - quota.reduce((a, b) => a + b, 0);
  while (left > 0 && topics.length) {
    const at = topics
      .map((t, i) => t.share / (quota[i]! + 1))
      .reduce((best, x, i, xs) => (x > xs[best]! ? i : best), 0);
    quota[at]! += 1;
    left--;
  }
  const picked: number[] = [];
  const keyPoints: TopicPoints[] = [];
  const decisions = sentences.filter((s) => eligible(s) && DECISION.test(s.text)).slice(0, 3);
  for (const d of decisions) picked.push(d.index);
  topics.forEach((topic, k) => {
    const local = centroidOf(topic.sentences, idf, 25);
    const ranked = topic.sentences
      .map((s) => ({ s, v: score(s, local) }))
      .filter((x) => x.v > 0)
      .sort((a, b) => b.v - a.v || a.s.index - b.s.index);
    const points: Sentence[] = [];
    for (const { s } of ranked) {
      if (points.length >= quota[k]!) break;
      const v = vectors[s.index]!;
      if (picked.some((j) => cosine(v, vectors[j]!) >= DUPLICATE)) continue;
      points.push(s);
      picked.push(s.index);
    }
    if (points.length) keyPoints.push({ topic, points: points.sort((a, b) => a.index - b.index) });
  });
  return { subject, topics, keyPoints, decisions, speakers };
}

/** Upper-cases the first letter. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function ensureStop(text: string): string {
  const t = text.replace(/[\s,;:-]+$/, '');
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** A spoken sentence as it reads in notes: openers ('So, um, and') dropped, capitalised, ended. */
export function readable(text: string): string {
  const t = text.replace(OPENER, '').trim() || text;
  return ensureStop(capitalize(t));
}

/** Topics as the meeting record keeps them: each name once, confidence = share of the meeting. */
export function topicList(summary: ExtractiveSummary): { topic: string; confidence: number }[] {
  const byLabel = new Map<string, number>();
  for (const t of summary.topics) byLabel.set(t.label, (byLabel.get(t.label) ?? 0) + t.share);
  if (byLabel.size < 3) {
    // A short meeting is one stretch: its keyphrases are its topics, each as much of it as the
    // sentences that mention it.
    const total = summary.topics.reduce((a, t) => a + t.share, 0) || 1;
    const all = summary.topics.flatMap((t) => t.sentences);
    const words = all.reduce((a, s) => a + s.words, 0) || 1;
    for (const k of summary.subject) {
      if (byLabel.size >= 5) break;
      if (byLabel.has(k.phrase)) continue;
      const stems = k.phrase.split(' ').map((w) => w.replace(/s$/, ''));
      const said = all.filter((s) => stems.some((t) => s.terms.includes(t)));
      byLabel.set(k.phrase, (total * said.reduce((a, s) => a + s.words, 0)) / words);
    }
  }
  return [...byLabel.entries()]
    .map(([topic, share]) => ({
      topic,
      confidence: Math.round(Math.min(1, Math.max(0.01, share)) * 100) / 100,
    }))
    .sort((a, b) => b.confidence - a.confidence);
}

/**
 * The summary as markdown: '## Overview' (subject, who, what was decided), '## Decisions',
 * '## Action items' (owner in bold), '## Key points' with a '### Topic' heading per topic and the
 * speaker in bold before each point, and '## Topics' with each one's share of the meeting. Empty
 * sections are left out.
 */
export function summaryMarkdown(
  summary: ExtractiveSummary,
  actionItems: ActionItemSuggestion[],
): string {
  const { keyPoints, subject, speakers, decisions } = summary;
  const topics = topicList(summary);
  const who =
    speakers.length > 6
      ? `${speakers.length} speakers`
      : speakers.length === 1
        ? speakers[0]!
        : listJoin(speakers);
  const about = subject.slice(0, 2).map((t) => t.phrase);
  const covered = topics
    .map((t) => t.topic)
    .filter((t) => !about.includes(t))
    .slice(0, 3);
  const overview = [
    `${speakers.length === 1 ? `${who} spoke` : `${who} met`}` +
      (about.length ? ` about ${listJoin(about)}.` : '.'),
  ];
  if (covered.length) overview.push(`The discussion covered ${listJoin(covered)}.`);
  if (decisions[0])
    overview.push(`${decisions[0].speaker} concluded: “${readable(decisions[0].text)}”`);
  else if (actionItems.length) {
    overview.push(
      `${actionItems.length === 1 ? 'One action item was' : `${actionItems.length} action items were`} agreed.`,
    );
  }

  const attributed = (s: Sentence) => `- **${s.speaker}:** ${readable(s.text)}`;
  const parts = [`## Overview\n\n${overview.join(' ')}`];
  if (decisions.length) parts.push(`## Decisions\n\n${decisions.map(attributed).join('\n')}`);
  if (actionItems.length) {
    parts.push(
      `## Action items\n\n${actionItems
        .map((a) => {
          const due = /^Due ([^.]+)\./.exec(a.description)?.[1];
          const task = `${ensureStop(a.title).replace(/\.$/, '')}${due ? ` (${due})` : ''}.`;
          return `- ${a.assignedTo ? `**${a.assignedTo}:** ` : ''}${task}`;
        })
        .join('\n')}`,
    );
  }
  if (keyPoints.length) {
    const grouped = keyPoints.length > 1;
    parts.push(
      `## Key points\n\n${keyPoints
        .map(({ topic, points }) =>
          grouped
            ? `### ${capitalize(topic.label)}\n\n${points.map(attributed).join('\n')}`
            : points.map(attributed).join('\n'),
        )
        .join('\n\n')}`,
    );
  }
  if (topics.length) {
    parts.push(
      `## Topics\n\n${topics
        .map((t) => `- ${capitalize(t.topic)} (${Math.round(t.confidence * 100)}%)`)
        .join('\n')}`,
    );
  }
  return parts.join('\n\n') + '\n';
}
