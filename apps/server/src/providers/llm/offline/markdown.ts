/**
 * The extractive summary (./summarize.ts) written out as notes: the overview sentence, bullets
 * with their speaker or owner, the topic list and the whole markdown. Kept apart from the
 * picking so that wording changes never touch the scoring. Pure: no I/O.
 */
import type { ActionItemSuggestion } from '@summy/core';
import { quotedSpeech, reportedSpeech, speakerName } from './reported.ts';
import type { ExtractiveSummary } from './summarize.ts';
import { capitalize, ensureStop, readable, stem, type Sentence } from './text.ts';

/** Items as prose: 'a', 'a and b', 'a, b and c'. */
function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
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
 * The overview of a summary: who met about what, the weightiest topics the subject does not
 * already name, and the first sentence worded as a decision, quoted as said. It never counts
 * action items or decisions: the rules only guess them, and a count reads as a fact about the
 * meeting.
 */
export function overviewText(summary: ExtractiveSummary): string {
  const { subject, speakers, decisions } = summary;
  const who =
    speakers.length > 6
      ? `${speakers.length} speakers`
      : speakers.length === 1
        ? speakers[0]!
        : listJoin(speakers.map((sp, i) => speakerName(sp, i === 0)));
  const about = subject.slice(0, 2).map((t) => t.phrase);
  // The weightiest topics the subject does not already name, in spoken order.
  const said = new Set(about.flatMap((p) => p.split(' ').map(stem)));
  const covered = summary.topics
    .map((t, i) => ({ t, i, w: summary.weights[i] ?? t.share }))
    .filter(({ t }) => !t.label.split(' ').some((w) => said.has(stem(w))))
    .filter(({ t }, k, xs) => xs.findIndex((x) => x.t.label === t.label) === k)
    .sort((a, b) => b.w - a.w)
    .slice(0, 3)
    .sort((a, b) => a.i - b.i)
    .map(({ t }) => t.label);
  const overview = [
    `${speakers.length === 1 ? `${who} spoke` : `${who} met`}` +
      (about.length ? ` about ${listJoin(about)}.` : '.'),
  ];
  if (covered.length) overview.push(`The discussion covered ${listJoin(covered)}.`);
  if (decisions[0])
    overview.push(
      `${capitalize(speakerName(decisions[0].speaker, true))} said: “${readable(decisions[0].text)}”`,
    );
  return overview.join(' ');
}

/**
 * A sentence as a bullet of notes: reported speech where no word needs changing ('- The Project
 * Manager said the price is …'), else the speaker's words quoted after their name in bold.
 * `names` keep their capital.
 */
export function attributedPoint(s: Sentence, names: ReadonlySet<string>): string {
  const keepsCapital = (w: string) => names.has(w.toLowerCase());
  const text = readable(s.text);
  return `- ${reportedSpeech(text, s.speaker, keepsCapital) ?? quotedSpeech(text, s.speaker)}`;
}

/**
 * Says where the listed action items come from: the rules pick sentences worded as commitments
 * or requests, which the meeting may never have agreed on.
 */
export const POSSIBLE_ACTION_ITEMS = 'Possible action items (picked from the transcript):';

/** Says where the listed decisions come from: sentences worded as decisions, quoted as said. */
export const POSSIBLE_DECISIONS = 'Sentences worded as decisions (picked from the transcript):';

/** Action items as the lines of a section: where they come from, then one bullet each. */
export function actionItemLines(actionItems: readonly ActionItemSuggestion[]): string[] {
  return actionItems.length ? [POSSIBLE_ACTION_ITEMS, ...actionItems.map(actionItemPoint)] : [];
}

/** An action item as a bullet: owner in bold, the task, its due date in brackets. */
export function actionItemPoint(a: ActionItemSuggestion): string {
  const due = /^Due ([^.]+)\./.exec(a.description)?.[1];
  const task = `${ensureStop(a.title).replace(/\.$/, '')}${due ? ` (${due})` : ''}.`;
  return `- ${a.assignedTo ? `**${a.assignedTo}:** ` : ''}${task}`;
}

/**
 * The summary as markdown: '## Overview' (subject, who, the first decision as said),
 * '## Decisions' and '## Action items' (owner in bold), each opening with a line saying they were
 * picked from the transcript, '## Key points' with a '### Topic' heading per topic and the
 * speaker in bold before each point, and '## Topics' with each one's share of the meeting. Empty
 * sections are left out.
 */
export function summaryMarkdown(
  summary: ExtractiveSummary,
  actionItems: ActionItemSuggestion[],
): string {
  const { keyPoints, decisions, names } = summary;
  const topics = topicList(summary);
  const attributed = (s: Sentence) => attributedPoint(s, names);
  const parts = [`## Overview\n\n${overviewText(summary)}`];
  if (decisions.length) {
    parts.push(`## Decisions\n\n${[POSSIBLE_DECISIONS, ...decisions.map(attributed)].join('\n')}`);
  }
  if (actionItems.length)
    parts.push(`## Action items\n\n${actionItemLines(actionItems).join('\n')}`);
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
