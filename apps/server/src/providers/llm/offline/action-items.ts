/**
 * Action items that are commitments, found by the grammar of commitment rather than by words of a
 * topic:
 * - first-person future: 'I'll / I will / I'm going to / I get to + task' → the speaker;
 * - a named participant: 'Anna will…', 'the Industrial Designer is going to be looking into…' →
 *   them;
 * - requests: 'can you / could you / please + task verb' → the addressee;
 * - second-person assignments: "you'll / you'd have to / you need to + task" → the addressee;
 * - everyone: "we're all going to / we can all / everyone should" → 'Everyone';
 * - 'we will / let's / we need to' only in the meeting's closing part (where tasks are handed out):
 *   the participant named just before ('And Marketing… so we'll be working on X') owns it.
 * Opinions ('we should design…' mid-meeting), questions to others ('can you tell us'), conditions
 * ('if we'll all draw'), in-meeting acts ('I'll go first') and past work ('I sent') are not
 * commitments. The addressee is the participant named in the sentence or just before it, else the
 * person the speaker answers. Confidence adds the evidence: wording, closing part, deadline, task
 * verb; hedges subtract. Not a probability learned from data.
 */
import { mergeActionItems, type ActionItemSuggestion } from '@summy/core';
import { GENERIC_LABEL } from '../transcript.ts';
import { cleanAction, DEADLINE, STRONG_VERB } from './action-title.ts';
import { FILLERS, GENERIC_WORDS, STOPWORDS } from './stopwords.ts';
import { contentTerms, type Sentence } from './text.ts';

/** Who owns what a pattern finds. */
type OwnerKind = 'explicit' | 'speaker' | 'named' | 'addressee' | 'everyone' | 'closing-we';

interface Rule {
  /** Group `action` holds what is to be done; group `who` a named owner (kind 'named'). */
  pattern: RegExp;
  kind: OwnerKind;
  /** Confidence of the wording alone, 0..1. */
  confidence: number;
  /** Whether the rule applies to a question ('Can you send…?'). */
  questions?: boolean;
  /** Whether the action must start with a task verb (requests: 'can you hear me' is none). */
  taskVerb?: boolean;
}

/** The last part of a meeting, by sentence position, where tasks are handed out (0..1). */
export const CLOSING_PART = 0.85;

/** Below this confidence an item is not offered; see docs/performance.md for how it was picked. */
export const MIN_CONFIDENCE = 0.6;

const AUX_FUTURE =
  "(?:['’]ll|\\s+will|\\s+shall|['’]m going to|\\s+am going to|['’]m gonna|\\s+am gonna|\\s+get to|\\s+promise to|\\s+commit to|\\s+volunteer to)";

function rules(participants: string[]): Rule[] {
  const names = participants.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const who = names.length ? `(?<who>${names.join('|')})` : '(?<who>(?!))';
  return [
    {
      pattern:
        /\baction items?\b(?:\s+for\s+(?<who>[A-Z][\p{L}'-]+))?(?:\s+(?:is|are|will be|here is))?\s*[:,-]?\s*(?:to\s+)?(?<action>.+)/iu,
      kind: 'explicit',
      confidence: 0.85,
    },
    {
      pattern: new RegExp(`\\bI${AUX_FUTURE}\\s+(?<action>.+)`, 'iu'),
      kind: 'speaker',
      confidence: 0.6,
    },
    {
      pattern: new RegExp(
        `(?:\\b${who}|(?<![.!?]\\s*|^)\\b(?<name>[A-Z][a-z]+))\\b[^.!?]{0,60}?\\b(?:is going to|is gonna|['’]s going to|['’]s gonna|will|['’]ll|needs to|has to|is to)\\s+(?<action>.+)`,
        'u',
      ),
      kind: 'named',
      confidence: 0.6,
    },
    {
      pattern: new RegExp(
        `^(?:(?<name>[A-Z][\\p{L}'-]+),\\s+)?(?:.*?\\b)?(?:[Cc]an|[Cc]ould|[Ww]ould|[Ww]ill) you(?: please)?\\s+(?<action>.+)`,
        'u',
      ),
      kind: 'addressee',
      confidence: 0.5,
      questions: true,
      taskVerb: true,
    },
    {
      pattern: /^(?:(?<name>[A-Z][\p{L}'-]+),\s+)?(?:.*?\b)?please\s+(?<action>.+)/iu,
      kind: 'addressee',
      confidence: 0.5,
      taskVerb: true,
    },
    {
      pattern:
        /\b(?:we(?:['’]re| are) all (?:going to|gonna)|we(?:['’]ll| will| can| should| need to| must| have to) all|every(?:one|body) (?:should|needs to|will|has to|is going to)|each of you (?:should|will|needs to))\s+(?<action>.+)/iu,
      kind: 'everyone',
      confidence: 0.55,
    },
    {
      pattern:
        /\byou(?:['’]ll| will|['’]re going to| are going to|['’]re gonna|['’]d have to|['’]ll have to| have to| need to|['’]d be| should)\s+(?<action>.+)/iu,
      kind: 'addressee',
      confidence: 0.45,
    },
    {
      pattern:
        /\b(?:we(?:['’]ll| will|['’]re going to| are going to|['’]re gonna| need to| have to| must| should)|let['’]s)\s+(?<action>.+)/iu,
      kind: 'closing-we',
      confidence: 0.4,
    },
  ];
}

const HEDGE = /\b(?:maybe|probably|might|perhaps|i guess|i suppose|possibly|at some point)\b/i;
/** A commitment found in one sentence, before filtering by confidence and merging. */
export interface Commitment extends ActionItemSuggestion {
  /** Index of the sentence it was said in. */
  at: number;
}

/**
 * The participants named in a transcript's labels ('Project Manager', 'Anna'), without generic
 * labels ('Speaker 2'): who a sentence can name as an owner.
 */
export function participantsOf(sentences: Sentence[]): string[] {
  return [...new Set(sentences.map((s) => s.speaker))].filter((p) => !GENERIC_LABEL.test(p));
}

const ACCEPT =
  /^(?:yes|yeah|yep|sure|okay|ok|alright|fine|will do|i can|i will|i'll|no problem)\b/i;

/** Most sentences back that a mention of a participant still names who is addressed. */
const ADDRESS_LOOKBACK = 4;

/**
 * The participant a sentence is said to: named in it as a vocative or mention, else named in the
 * few sentences before, else the one who answers with an acceptance, else the one just answered.
 */
function addresseeOf(sentences: Sentence[], i: number, participants: string[]): string | null {
  const s = sentences[i]!;
  const mentioned = (text: string) => {
    let best: { p: string; at: number } | undefined;
    for (const p of participants) {
      if (p === s.speaker) continue;
      const at = text.toLowerCase().lastIndexOf(p.toLowerCase());
      if (at >= 0 && (!best || at > best.at)) best = { p, at };
    }
    return best?.p;
  };
  const here = mentioned(s.text);
  if (here) return here;
  for (let k = i - 1; k >= Math.max(0, i - ADDRESS_LOOKBACK); k--) {
    const m = mentioned(sentences[k]!.text);
    if (m) return m;
  }
  const next = sentences.slice(i + 1).find((x) => x.speaker !== s.speaker);
  if (next && ACCEPT.test(next.text)) return next.speaker;
  const previous = sentences
    .slice(0, i)
    .reverse()
    .find((x) => x.speaker !== s.speaker);
  return previous?.speaker ?? null;
}

// A vocative before the request ('Anna, can you…'), not a discourse word ('So, can you…').
function isName(word: string): boolean {
  const w = word.toLowerCase();
  return /^\p{Lu}/u.test(word) && !STOPWORDS.has(w) && !FILLERS.has(w) && !GENERIC_WORDS.has(w);
}

/** 'initial ideas that we can all look into' → 'look into initial ideas' (object fronted). */
const FRONTED_OBJECT =
  /\b(?<object>(?:some|the|our|these|those|any|a few)\s+(?:[\w'-]+\s+){0,2}[\w'-]+)\s+(?:that|which)\s+(?:we|you|I)\s+(?:can|will|['’]ll|should|need to|have to)?\s*(?:all\s+)?(?<verb>look into|look at|work on|think about|go over|go through|follow up on)\b/i;

/**
 * Every commitment said in the sentences, with its confidence, in spoken order: the evidence
 * before any floor is applied (the benchmark picks the floor leave-one-out from these).
 */
export function findCommitments(sentences: Sentence[]): Commitment[] {
  const participants = participantsOf(sentences);
  const patterns = rules(participants);
  const n = sentences.length;
  const found: Commitment[] = [];
  for (const s of sentences) {
    const isQuestion = s.text.trim().endsWith('?');
    const said: Said = {
      s,
      sentences,
      participants,
      closing: n > 0 && s.index / n >= CLOSING_PART,
      sentenceDeadline: DEADLINE.exec(s.text)?.[0],
    };
    for (const rule of patterns) {
      if (isQuestion && !rule.questions) continue;
      if (rule.kind === 'closing-we' && !said.closing) continue;
      const commitment = commitmentBy(rule, said);
      if (!commitment) continue;
      found.push(commitment);
      break;
    }
  }
  return found;
}

/** One sentence and what a rule needs around it. */
interface Said {
  s: Sentence;
  sentences: Sentence[];
  participants: string[];
  /** Whether it falls in the meeting's closing part. */
  closing: boolean;
  /** A deadline said anywhere in the sentence. */
  sentenceDeadline: string | undefined;
}

// The commitment `rule` finds in the sentence, if it matches and names a task (and an owner).
function commitmentBy(rule: Rule, said: Said): Commitment | undefined {
  const { s } = said;
  const m = rule.pattern.exec(s.text);
  const raw = m?.groups?.action;
  if (!m || !raw) return undefined;
  const action = actionOf(m, raw, said);
  if (!action) return undefined;
  if (rule.taskVerb && !STRONG_VERB.test(action.title)) return undefined;
  const owner = ownerOf(rule, m, said);
  if (owner === undefined) return undefined;
  const quote = `${s.speaker}: “${s.text}”`;
  return {
    title: action.title,
    description: action.deadline
      ? `Due ${action.deadline.replace(/^(?:for|on)\s+/i, '')}. ${quote}`
      : quote,
    assignedTo: owner,
    confidence: confidenceOf(rule, said, action, owner),
    at: s.index,
  };
}

// The task of a match: none for a condition; a fronted object put back; a next 'And…' added.
function actionOf(m: RegExpExecArray, matched: string, said: Said) {
  const { s } = said;
  let raw = matched;
  // 'If we'll all draw…', 'when you send…': a condition, not a commitment.
  const before = s.text.slice(0, m.index + m[0].length - raw.length);
  if (/\b(?:if|when|whether|unless|what|how)\s+(?:\S+\s+){0,3}$/i.test(before)) return undefined;
  const fronted = FRONTED_OBJECT.exec(s.text);
  if (fronted?.groups && raw.toLowerCase().startsWith(fronted.groups.verb!.toLowerCase())) {
    raw = `${fronted.groups.verb} ${fronted.groups.object}${raw.slice(fronted.groups.verb!.length)}`;
  }
  // 'I'm going to look into… And check…': a task said on in the next sentence.
  const next = said.sentences[s.index + 1];
  if (next && next.speaker === s.speaker && /^and\s+(?!then\b)[a-z]/i.test(next.text)) {
    raw = `${raw.replace(/[.!?]+$/, '')} ${next.text.replace(/[.!?]+$/, '')}`;
  }
  return cleanAction(raw, said.sentenceDeadline);
}

// Who owns the task (null: nobody known); undefined when a 'named' rule names no one.
function ownerOf(rule: Rule, m: RegExpExecArray, said: Said): string | null | undefined {
  const { s, sentences, participants } = said;
  if (rule.kind === 'speaker') return s.speaker;
  if (rule.kind === 'explicit') {
    const named = m.groups?.who;
    return named && isName(named) ? named : null;
  }
  if (rule.kind === 'everyone') return 'Everyone';
  if (rule.kind === 'named') {
    const named = m.groups?.who ?? m.groups?.name;
    return named && (participants.includes(named) || isName(named)) ? named : undefined;
  }
  const vocative = m.groups?.name;
  const owner =
    vocative && isName(vocative) ? vocative : addresseeOf(sentences, s.index, participants);
  if (rule.kind === 'closing-we' && owner && !mentionedNear(sentences, s.index, owner)) {
    return null;
  }
  return owner;
}

// The wording's confidence plus the evidence: closing part, deadline, task verb; minus hedges.
function confidenceOf(
  rule: Rule,
  said: Said,
  action: { title: string; deadline: string | undefined },
  owner: string | null,
): number {
  let confidence = rule.confidence;
  if (said.closing) confidence += 0.15;
  if (action.deadline) confidence += 0.15;
  if (STRONG_VERB.test(action.title)) confidence += 0.1;
  if (HEDGE.test(said.s.text)) confidence -= 0.1;
  if (!owner && rule.kind !== 'explicit') confidence -= 0.15;
  return Math.round(Math.min(0.95, Math.max(0.05, confidence)) * 100) / 100;
}

// 'We' hands a task to someone only when that participant was just named.
function mentionedNear(sentences: Sentence[], i: number, owner: string): boolean {
  for (let k = i; k >= Math.max(0, i - ADDRESS_LOOKBACK); k--) {
    if (sentences[k]!.text.toLowerCase().includes(owner.toLowerCase())) return true;
  }
  return false;
}

/** Sentences apart within which one owner's two items are one task said twice. */
const SAME_TASK_SPAN = 3;

/**
 * The action items of a meeting: commitments at or above `minConfidence`, one owner's task said
 * again in the next sentences or with the same content words merged into the stronger, then the
 * documented rule (case-insensitive title, higher confidence kept).
 * @param minConfidence floor, 0..1 (default `MIN_CONFIDENCE`)
 */
export function extractRuleBasedActionItems(
  sentences: Sentence[],
  minConfidence: number = MIN_CONFIDENCE,
  limit = 20,
): ActionItemSuggestion[] {
  const kept: (Commitment & { terms: Set<string> })[] = [];
  for (const c of findCommitments(sentences)) {
    const item = { ...c, terms: new Set(contentTerms(c.title)) };
    const twin = kept.findIndex(
      (k) =>
        (k.assignedTo === item.assignedTo && item.at - k.at <= SAME_TASK_SPAN) ||
        jaccard(k.terms, item.terms) >= 0.6,
    );
    if (twin < 0) kept.push(item);
    else if (item.confidence > kept[twin]!.confidence) kept[twin] = { ...item, at: kept[twin]!.at };
  }
  const strong = kept
    .filter((k) => k.confidence >= minConfidence)
    .sort((a, b) => b.confidence - a.confidence || a.at - b.at)
    .slice(0, limit)
    .sort((a, b) => a.at - b.at)
    .map(({ title, description, assignedTo, confidence }) => ({
      title,
      description,
      assignedTo,
      confidence,
    }));
  return mergeActionItems(strong);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}
