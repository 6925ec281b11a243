/**
 * Rule-based action items for the offline text model: commitments ('I will', "I'll", 'I'm going
 * to'), shared obligations ('we need to', 'we should', "let's"), requests ('can you', 'please',
 * 'make sure') and explicit 'action item' mentions, each with a deadline when one is said ('by
 * Friday', 'next week'). The owner is the speaker for 'I'; 'we' and 'you' leave it open (null)
 * unless the request names its addressee ('Anna, can you…'). Confidence reflects how binding the
 * wording is, not a probability learned from data.
 */
import type { ActionItemSuggestion } from '@summy/core';
import { FILLERS, GENERIC_WORDS, STOPWORDS } from './stopwords.ts';
import { capitalize } from './summarize.ts';
import { contentTerms, disfluency, topicalTerms, type Sentence } from './text.ts';

interface Rule {
  /** Matches the trigger; group `action` holds what is to be done. */
  pattern: RegExp;
  /** Confidence before adjustments, 0..1. */
  confidence: number;
  /** Whose task it is: the speaker ('I'), nobody in particular ('we', 'you'). */
  owner: 'speaker' | 'none' | 'addressee';
  /** Whether the rule still applies when the sentence is a question. */
  questions: boolean;
  /** Words put back in front of the action ('make sure'). */
  prefix?: string;
}

// `(?<action>…)` runs to the end of the sentence; the title is cut further below.
const RULES: Rule[] = [
  {
    pattern:
      /\baction items?\b(?:\s+for\s+(?<name>[A-Z][\p{L}'-]+))?(?:\s+(?:is|are|will be|here is))?\s*[:,-]?\s*(?:to\s+)?(?<action>.+)/iu,
    confidence: 0.9,
    owner: 'addressee',
    questions: false,
  },
  {
    pattern:
      /\bI(?:['’]ll| will| shall|['’]m going to| am going to|['’]m gonna| am gonna| promise to| commit to)\s+(?<action>.+)/iu,
    confidence: 0.75,
    owner: 'speaker',
    questions: false,
  },
  {
    pattern:
      /\bI can\s+(?<action>(?:take care of|handle|send|share|prepare|do|write|draft|check|set up|follow up|look into)\b.+)/iu,
    confidence: 0.55,
    owner: 'speaker',
    questions: false,
  },
  {
    pattern:
      /\bwe(?:['’]ve got to| have got to| need to| have to| must|['’]ll need to| will need to)\s+(?<action>.+)/iu,
    confidence: 0.6,
    owner: 'none',
    questions: false,
  },
  {
    pattern:
      /\b(?:we should|we(?:['’]ll| will)|we(?:['’]re| are) going to|let['’]s|let us)\s+(?<action>.+)/iu,
    confidence: 0.5,
    owner: 'none',
    questions: false,
  },
  {
    pattern:
      /^(?:(?<name>[A-Z][\p{L}'-]+),\s+)?(?:.*?\b)?(?:[Cc]an|[Cc]ould|[Ww]ould|[Ww]ill) you(?: please)?\s+(?<action>.+)/u,
    confidence: 0.55,
    owner: 'addressee',
    questions: true,
  },
  {
    pattern:
      /^(?:(?<name>[A-Z][\p{L}'-]+),\s+)?(?:.*?\b)?(?:please|you(?:['’]ll| will)? need to)\s+(?<action>.+)/iu,
    confidence: 0.5,
    owner: 'addressee',
    questions: false,
  },
  {
    pattern: /\bmake sure(?: that)?\s+(?<action>.+)/iu,
    confidence: 0.5,
    owner: 'none',
    questions: false,
    prefix: 'Make sure',
  },
];

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
  /^(?:like|want|hope|wish|prefer|rather|need|have (?:it|to|them|this|that)\b|get (?:round|around|back) to (?:it|that|this)|get to (?:it|that|this)|agree|know|mind if|see|think about|give (?:us|me) (?:an? )?(?:update|overview|summary|quick)|walk (?:us|me) through|tell (?:us|me)|explain|share (?:your|my) screen|say|said|tell you|think|guess|mean|be (?:honest|quick|brief|fine|back|right)|go(?: first| ahead| back| on)?\b|have a (?:go|look|think)|hold|wait|stop|start wrapping|wrap|break|move on|leave it|talk later|hear|repeat|stick|bear with|pass|keep it|do (?:it|that|this|so)\b|get going|leave|remember|come back|check in|sit|speak|try it|put (?:it|that|this)\b|take a look|call it|just)\b/i;

/** An action starts with a verb; these starts show the trigger caught something else. */
const NOT_A_VERB =
  /^(?:there|it|its|this|that|these|those|the|a|an|he|she|they|we|you|i|my|our|your|his|her|their|what|which|who|when|where|if|to|and|or|of|in|on|at|for|with|not)\b/i;

/** Leading adverbs dropped from an action ('just send' → 'send'). */
const LEADING_FILLER =
  /^(?:(?:just|also|probably|definitely|then|maybe|quickly|actually|now|all|both|really|certainly|perhaps|still|first|also)\s+)+/i;

/** How many words an action title keeps at most. */
const TITLE_WORDS = 16;

function cleanAction(raw: string): { title: string; deadline: string | undefined } | undefined {
  let text = raw.trim();
  const deadline = DEADLINE.exec(text)?.[0];
  // The task ends where the sentence turns to reasons or something else.
  text = text.split(
    /\s*(?:[;:]|,\s*(?:but|because|so|and then|which|if|otherwise|they|we|it|I|you|he|she|this|that)\b|\s(?:because|since|so that|but|unless|otherwise)\s)/i,
  )[0]!;
  if (deadline) text = text.replace(DEADLINE, ' ');
  text = text
    .replace(/[.!?,\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LEADING_FILLER, '');
  // 'be working on X' reads better as 'Working on X'.
  text = text.replace(/^be\s+(?=\w+ing\b)/i, '');
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

/** Action items said in the sentences, strongest wording first per sentence, duplicates merged. */
export function extractRuleBasedActionItems(
  sentences: Sentence[],
  limit = 20,
): ActionItemSuggestion[] {
  // Wording weaker than this (a hedged suggestion) is not offered as an action item.
  const floor = 0.45;
  const found: (ActionItemSuggestion & { at: number; terms: Set<string> })[] = [];
  for (const s of sentences) {
    const isQuestion = s.text.trim().endsWith('?');
    for (const rule of RULES) {
      if (isQuestion && !rule.questions) continue;
      const m = rule.pattern.exec(s.text);
      const raw = m?.groups?.action;
      if (!m || !raw) continue;
      // 'If we'll all draw…', 'when you send…': a condition, not a commitment.
      const before = s.text.slice(0, m.index + m[0].length - raw.length);
      if (/\b(?:if|when|whether|unless)\s+(?:\S+\s+){0,3}$/i.test(before)) continue;
      const action = cleanAction(raw);
      if (!action) continue;
      const title = rule.prefix
        ? `${rule.prefix} ${action.title.charAt(0).toLowerCase()}${action.title.slice(1)}`
        : action.title;
      const name = m.groups?.name;
      const assignedTo =
        rule.owner === 'speaker'
          ? s.speaker
          : rule.owner === 'addressee' && name && isName(name)
            ? name
            : null;
      let confidence = rule.confidence;
      if (action.deadline) confidence += 0.1;
      if (STRONG_VERB.test(action.title)) confidence += 0.05;
      if (HEDGE.test(s.text)) confidence -= 0.1;
      confidence = Math.round(Math.min(0.95, Math.max(0.1, confidence)) * 100) / 100;
      if (confidence < floor) break;
      const quote = `${s.speaker}: “${s.text}”`;
      found.push({
        title,
        description: action.deadline
          ? `Due ${action.deadline.replace(/^(?:for|on)\s+/i, '')}. ${quote}`
          : quote,
        assignedTo,
        confidence,
        at: s.index,
        terms: new Set(contentTerms(title)),
      });
      break;
    }
  }
  // Near-duplicates (same content words, said twice) keep the stronger wording.
  const kept: typeof found = [];
  for (const item of found) {
    const twin = kept.findIndex((k) => jaccard(k.terms, item.terms) >= 0.7);
    if (twin < 0) kept.push(item);
    else if (item.confidence > kept[twin]!.confidence) kept[twin] = item;
  }
  return kept
    .sort((a, b) => b.confidence - a.confidence || a.at - b.at)
    .slice(0, limit)
    .sort((a, b) => a.at - b.at)
    .map(({ title, description, assignedTo, confidence }) => ({
      title,
      description,
      assignedTo,
      confidence,
    }));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

// A vocative before the request ('Anna, can you…'), not a discourse word ('So, can you…').
function isName(word: string): boolean {
  const w = word.toLowerCase();
  return /^\p{Lu}/u.test(word) && !STOPWORDS.has(w) && !FILLERS.has(w) && !GENERIC_WORDS.has(w);
}
