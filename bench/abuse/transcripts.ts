/**
 * Synthetic meeting transcripts of a given size for the stall probe (./stalls.ts): speaker turns
 * of varied sentences (decisions, commitments, numbers, names) drawn with a seeded generator, so
 * the offline summariser and the search index do the work a real long meeting gives them, and
 * every run writes the same text.
 */
import { seededRandom } from '../api/dataset.ts';

const SUBJECTS = [
  'the budget',
  'the launch plan',
  'the customer migration',
  'the hiring pipeline',
  'the security review',
  'the mobile release',
  'the data warehouse',
  'the onboarding flow',
  'the pricing page',
  'the support backlog',
];
const VERBS = ['review', 'finish', 'move', 'approve', 'test', 'document', 'ship', 'reschedule'];
const PEOPLE = ['Ada', 'Grace', 'Alan', 'Barbara', 'Edsger', 'Margaret', 'Ken', 'Linus'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** One sentence of a kind picked by `r`. */
function sentence(r: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const n = Math.floor(r() * 900) + 10;
  switch (Math.floor(r() * 5)) {
    case 0:
      return `I will ${pick(VERBS)} ${pick(SUBJECTS)} by ${pick(DAYS)}.`;
    case 1:
      return `We decided to ${pick(VERBS)} ${pick(SUBJECTS)} after the numbers came in at ${n} thousand.`;
    case 2:
      return `${pick(PEOPLE)} said ${pick(SUBJECTS)} is blocked on ${pick(SUBJECTS)} for now.`;
    case 3:
      return `Can we ${pick(VERBS)} ${pick(SUBJECTS)} before the review on ${pick(DAYS)}?`;
    default:
      return `The latency of ${pick(SUBJECTS)} went from ${n} to ${n + 40} milliseconds last week.`;
  }
}

/**
 * A transcript of about `bytes` characters in 'Speaker N: text' turns, blank-line separated.
 * @param seed different seeds give different meetings
 * @param marker a word said once, at the end, for a search to find
 */
export function fillerTranscript(bytes: number, seed: number, marker?: string): string {
  const r = seededRandom(seed + 1);
  const turns: string[] = [];
  let size = 0;
  while (size < bytes) {
    const speaker = Math.floor(r() * 4) + 1;
    const said = Array.from({ length: 1 + Math.floor(r() * 4) }, () => sentence(r)).join(' ');
    const turn = `Speaker ${speaker}: ${said}`;
    turns.push(turn);
    size += turn.length + 2;
  }
  if (marker) turns.push(`Speaker 1: One last word: ${marker}.`);
  return turns.join('\n\n');
}
