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
import { FILLERS, GENERIC_WORDS, STOPWORDS } from './stopwords.ts';
import { capitalize, contentTerms, disfluency, topicalTerms, type Sentence } from './text.ts';

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

const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
/** A deadline said with the task: 'by Friday', 'before the next meeting', 'next week', 'tomorrow'. */
const DEADLINE = new RegExp(
  `\\b(?:(?:by|before|until|till|no later than|for)\\s+(?:the\\s+)?(?:end of (?:the |this |next )?(?:day|week|month|quarter|year)|(?:this |next )?(?:${DAYS})(?:\\s+morning|\\s+afternoon)?|(?:this |next )?(?:week|month)|tomorrow(?:\\s+morning)?|tonight|today|eod|next (?:meeting|time)|(?:the )?next meeting|(?:${MONTHS})\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS}))|(?:next|this) (?:week|month|${DAYS})|(?:on\\s+)?(?:${DAYS})|tomorrow(?:\\s+morning)?|tonight|end of (?:the )?(?:day|week|month))\\b`,
  'i',
);

/** Verbs after which nothing is promised ('I'll see', "let's say", 'can you hear me'). */
const VAGUE_START =
  /^(?:like|want|hope|wish|prefer|rather|need|have (?:it|to|them|this|that)\b|get (?:round|around|back) to (?:it|that|this)|get to (?:it|that|this)|agree|know|mind if|see|think about|give (?:us|me) (?:an? )?(?:update|overview|summary|quick)|walk (?:us|me) through|tell (?:us|me)|explain|share (?:your|my) screen|say|said|tell you|think|guess|mean|be (?:honest|quick|brief|fine|back|right)|go(?: first| ahead| back| on)?\b|have a (?:go|look|think)|hold|wait|stop|start wrapping|wrap|break|move on|leave it|talk later|hear|repeat|stick|bear with|pass|keep it|do (?:it|that|this|so)\b|get going|leave|remember|come back|check in|sit|speak|try it|put (?:it|that|this)\b|take a look|call it|just|leave (?:space|room|it|that)|hold (?:it|on|that)|pull (?:it|that|this) up|be able to|draw|show you|pass (?:it|that|this)|read (?:it|that|this|out)|switch|plug|click|see (?:you|what|if|how))\b/i;

/** An action starts with a verb; these starts show the trigger caught something else. */
const NOT_A_VERB =
  /^(?:there|it|its|this|that|these|those|the|a|an|he|she|they|we|you|i|my|our|your|his|her|their|what|which|who|when|where|if|to|and|or|of|in|on|at|for|with|not)\b/i;

/** Leading adverbs dropped from an action ('just send' → 'send'). */
const LEADING_FILLER =
  /^(?:(?:just|also|probably|definitely|then|maybe|quickly|actually|now|all|both|really|certainly|perhaps|still|first|also)\s+)+/i;

/** How many words an action title keeps at most. */
const TITLE_WORDS = 16;

function cleanAction(
  raw: string,
  sentenceDeadline?: string,
): { title: string; deadline: string | undefined } | undefined {
  let text = raw.trim();
  const deadline = DEADLINE.exec(text)?.[0] ?? sentenceDeadline;
  // The task ends where the sentence turns to reasons or something else.
  text = text.split(
    /\s*(?:[;:]|,\s*(?:but|because|so|and then|which|if|otherwise|they|we|it|I|you|he|she|this|that)\b|\s(?:because|since|so that|but|unless|otherwise)\s)/i,
  )[0]!;
  text = text.replace(DEADLINE, ' ');
  // 'go off and do X', 'go and check X': the task is the second verb.
  text = text.replace(/^(?:go|come|get)(?:\s+(?:off|away|back|ahead))?\s+and\s+/i, '');
  text = text
    .replace(/[.!?,\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LEADING_FILLER, '');
  // 'be working on X' reads better as 'Working on X'.
  text = text.replace(/^be\s+(?=\w+ing\b)/i, '');
  // 'looking more into' → 'looking into'.
  text = text.replace(/^(\w+ing|\w+)\s+(?:more|further|a bit)\s+(?=into|at|on|over)\b/i, '$1 ');
  text = text.replace(/\s+(?:as well|too|then|now|okay|right)$/i, '').trim();
  if (VAGUE_START.test(text) || NOT_A_VERB.test(text)) return undefined;
  // Rambling ('design something that has like a so you can like…') is no task.
  if (disfluency(text) > 0.12) return undefined;
  const wordList = text.split(/\s+/).filter(Boolean);
  if (wordList.length < 3) return undefined;
  const content = topicalTerms(text);
  // Something concrete to do: two topical words, or one with a deadline or a task verb
  // ('covering these things' and 'use the spare one' are not tasks; 'call Anna' is).
  if (content.length < 2 && !(content.length === 1 && (deadline || STRONG_VERB.test(text)))) {
    return undefined;
  }
  let kept = wordList.slice(0, TITLE_WORDS);
  // A cut title does not end on a function word ('…to decide what we would like to').
  if (wordList.length > TITLE_WORDS) {
    while (
      kept.length > 3 &&
      STOPWORDS.has(kept[kept.length - 1]!.toLowerCase().replace(/\W+$/, ''))
    ) {
      kept = kept.slice(0, -1);
    }
  }
  const title = kept.join(' ').replace(/[,;:-]+$/, '');
  return { title: capitalize(title), deadline: deadline?.trim() };
}

const HEDGE = /\b(?:maybe|probably|might|perhaps|i guess|i suppose|possibly|at some point)\b/i;
const STRONG_VERB =
  /^(?:send|share|write|draft|prepare|check|review|look into|follow up|set up|schedule|book|organi[sz]e|update|fix|email|call|contact|finish|complete|create|build|test|research|investigate|circulate|compile|arrange|confirm|order|buy|submit|deliver|present|find out|figure out|get back|reach out|talk to|ask|sort out|put together|come up with|work on|working on|make)\b/i;

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
    const closing = n > 0 && s.index / n >= CLOSING_PART;
    const sentenceDeadline = DEADLINE.exec(s.text)?.[0];
    for (const rule of patterns) {
      if (isQuestion && !rule.questions) continue;
      if (rule.kind === 'closing-we' && !closing) continue;
      const m = rule.pattern.exec(s.text);
      let raw = m?.groups?.action;
      if (!m || !raw) continue;
      // 'If we'll all draw…', 'when you send…': a condition, not a commitment.
      const before = s.text.slice(0, m.index + m[0].length - raw.length);
      if (/\b(?:if|when|whether|unless|what|how)\s+(?:\S+\s+){0,3}$/i.test(before)) continue;
      const fronted = FRONTED_OBJECT.exec(s.text);
      if (fronted?.groups && raw.toLowerCase().startsWith(fronted.groups.verb!.toLowerCase())) {
        raw = `${fronted.groups.verb} ${fronted.groups.object}${raw.slice(fronted.groups.verb!.length)}`;
      }
      // 'I'm going to look into… And check…': a task said on in the next sentence.
      const next = sentences[s.index + 1];
      if (next && next.speaker === s.speaker && /^and\s+(?!then\b)[a-z]/i.test(next.text)) {
        raw = `${raw.replace(/[.!?]+$/, '')} ${next.text.replace(/[.!?]+$/, '')}`;
      }
      const action = cleanAction(raw, sentenceDeadline);
      if (!action) continue;
      if (rule.taskVerb && !STRONG_VERB.test(action.title)) continue;
      let owner: string | null = null;
      if (rule.kind === 'speaker') owner = s.speaker;
      else if (rule.kind === 'explicit') {
        const named = m.groups?.who;
        owner = named && isName(named) ? named : null;
      } else if (rule.kind === 'everyone') owner = 'Everyone';
      else if (rule.kind === 'named') {
        const named = m.groups?.who ?? m.groups?.name;
        owner = named && (participants.includes(named) || isName(named)) ? named : null;
        if (!owner) continue;
      } else {
        const vocative = m.groups?.name;
        owner =
          vocative && isName(vocative) ? vocative : addresseeOf(sentences, s.index, participants);
        if (rule.kind === 'closing-we' && owner && !mentionedNear(sentences, s.index, owner)) {
          owner = null;
        }
      }
      let confidence = rule.confidence;
      if (closing) confidence += 0.15;
      if (action.deadline) confidence += 0.15;
      if (STRONG_VERB.test(action.title)) confidence += 0.1;
      if (HEDGE.test(s.text)) confidence -= 0.1;
      if (!owner && rule.kind !== 'explicit') confidence -= 0.15;
      confidence = Math.round(Math.min(0.95, Math.max(0.05, confidence)) * 100) / 100;
      const quote = `${s.speaker}: “${s.text}”`;
      found.push({
        title: action.title,
        description: action.deadline
          ? `Due ${action.deadline.replace(/^(?:for|on)\s+/i, '')}. ${quote}`
          : quote,
        assignedTo: owner,
        confidence,
        at: s.index,
      });
      break;
    }
  }
  return found;
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
