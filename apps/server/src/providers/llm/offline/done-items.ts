/**
 * Which open action items of earlier meetings a new transcript says are done, without a language
 * model: an item is likely done when one sentence, or a question and the next speaker's answer,
 * shares most of the item's content words and says something was done ('sent', 'finished',
 * 'already') without a negation ('not yet', "haven't"). The owner saying it, or being named in
 * it, lowers the share of words needed. Suggestions only: the user confirms each.
 * docs/product.md#series-memory.
 */
import { parseTranscript } from '@summy/core';
import type { DoneItem, OpenItem } from '../types.ts';
import { contentTerms, splitSentences } from './text.ts';

export type { DoneItem, OpenItem };

// Past forms of verbs that action items start with, so 'sent the deck' meets 'Send the deck'.
const IRREGULAR: Record<string, string> = {
  sent: 'send',
  wrote: 'write',
  written: 'write',
  made: 'make',
  did: 'do',
  done: 'do',
  gave: 'give',
  given: 'give',
  took: 'take',
  taken: 'take',
  bought: 'buy',
  built: 'build',
  brought: 'bring',
  spoke: 'speak',
  spoken: 'speak',
  told: 'tell',
  found: 'find',
  met: 'meet',
  paid: 'pay',
  ran: 'run',
  began: 'begin',
  chose: 'choose',
  chosen: 'choose',
  drew: 'draw',
  drawn: 'draw',
  got: 'get',
  gotten: 'get',
  held: 'hold',
  kept: 'keep',
  led: 'lead',
  left: 'leave',
  sold: 'sell',
  shared: 'share',
  thought: 'think',
};

/** A content term with regular past endings ('emailed', 'booked') and irregular forms folded. */
function lemma(term: string): string {
  if (IRREGULAR[term]) return IRREGULAR[term];
  if (term.length > 5 && term.endsWith('ied')) return term.slice(0, -3) + 'y';
  if (term.length > 4 && /([^aeiou])\1ed$/.test(term)) return term.slice(0, -3);
  if (term.length > 4 && term.endsWith('ed')) {
    const base = term.slice(0, -2);
    // 'shared' → 'share', 'booked' → 'book': keep the 'e' where the base needs one.
    return /(?:at|iz|ar|ir|ur|or|v|c|g|s|u)$/.test(base) ? `${base}e` : base;
  }
  return term;
}

const terms = (text: string) => new Set(contentTerms(text).map(lemma));

// Words saying something happened: past forms and completions. 'done' alone is common enough in
// 'when will it be done' to need the negation and question checks below.
const COMPLETED =
  /\b(?:done|finished|completed?|sent|shipped|merged|fixed|resolved|closed|submitted|delivered|wrapped up|took care|taken care|sorted (?:it|that|out)|booked|scheduled|published|released|uploaded|signed|approved|paid|ordered|emailed|called|posted|deployed|already|\w{3,}ed)\b/i;
const NEGATED =
  /\b(?:not|n't|never|no one|nobody|haven't|hasn't|didn't|couldn't|wasn't|yet|still (?:need|have|to)|need to|have to|going to|gonna|will|should|let's|plan to|try to)\b/i;

function says(sentence: string): boolean {
  return COMPLETED.test(sentence) && !NEGATED.test(sentence) && !/\?\s*$/.test(sentence);
}

const firstName = (name: string) => name.trim().split(/\s+/)[0]!.toLowerCase();

/**
 * The items of `items` that `transcript` (the stored 'Speaker: text' format) suggests are done,
 * each once, at its best-matching sentence. An item of fewer than two content words is never
 * matched: one shared word is chance.
 * @param speakerNames the transcript's labels → names, so an owner can be recognised speaking
 */
export function findDoneItems(
  transcript: string,
  items: readonly OpenItem[],
  speakerNames: Record<string, string> = {},
): DoneItem[] {
  const turns = parseTranscript(transcript).map((t, position) => ({
    position,
    speaker: (speakerNames[t.speaker] ?? t.speaker).toLowerCase(),
    sentences: splitSentences(t.text),
  }));
  // The sentences that say something happened, read once for every item.
  const candidates = turns.flatMap((turn, i) => {
    const before = turns[i - 1];
    // The question a short answer replies to ('Did you send the deck?' 'Yes, sent it.').
    const asked = before && before.speaker !== turn.speaker ? before.sentences.at(-1) : undefined;
    const askedTerms = asked ? terms(asked) : new Set<string>();
    return turn.sentences.filter(says).map((sentence) => ({
      sentence,
      position: turn.position,
      speaker: turn.speaker.split(/\s+/)[0],
      asked,
      askedTerms,
      own: terms(sentence),
      words: new Set(sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []),
      // A pronoun lets a short answer stand for the question's words ('sent it').
      refers: /\b(?:it|that|this|them)\b/i.test(sentence),
    }));
  });
  const found: DoneItem[] = [];
  for (const item of items) {
    const wanted = [...terms(item.title)];
    if (wanted.length < 2) continue;
    const owner = item.assignedTo ? firstName(item.assignedTo) : null;
    let best: { score: number; done: DoneItem } | null = null;
    for (const c of candidates) {
      const inOwn = wanted.filter((t) => c.own.has(t)).length;
      // Words of the answer itself must carry part of the match.
      if (inOwn === 0 && !c.refers) continue;
      const shared = wanted.filter((t) => c.own.has(t) || c.askedTerms.has(t)).length;
      const share = shared / wanted.length;
      const byOwner = owner !== null && (c.speaker === owner || c.words.has(owner));
      if (share < (byOwner ? 0.5 : 0.67)) continue;
      const score = share + (byOwner ? 0.25 : 0);
      if (best && best.score >= score) continue;
      const evidence = c.asked && shared > inOwn ? `${c.asked} ${c.sentence}` : c.sentence;
      best = { score, done: { id: item.id, evidence, position: c.position } };
    }
    if (best) found.push(best.done);
  }
  return found;
}

/** Text compared without case, punctuation or spacing. */
export const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The index of the transcript turn (core `parseTranscript`) that contains `evidence`, compared
 * without case, punctuation or spacing; null when no turn does (a language model's quote that is
 * not in the transcript). A quote of a question and its answer is found in the answer's turn.
 */
export function locateEvidence(transcript: string, evidence: string): number | null {
  const wanted = plain(evidence);
  if (!wanted) return null;
  const turns = parseTranscript(transcript).map((t) => plain(t.text));
  const at = turns.findIndex((t) => t.includes(wanted));
  if (at >= 0) return at;
  // Across a turn boundary: the quote's end lies at the start of the next turn.
  for (let i = 1; i < turns.length; i++) {
    if (`${turns[i - 1]} ${turns[i]}`.includes(wanted)) return i;
  }
  return null;
}
