/**
 * The wording of a commitment's task: the words a deadline is said in, the verbs that make a task
 * concrete, and the cleaning of what a commitment rule caught into a short title (action-items.ts).
 */
import { STOPWORDS } from './stopwords.ts';
import { capitalize, disfluency, topicalTerms } from './text.ts';

const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
/** A deadline said with the task: 'by Friday', 'before the next meeting', 'next week', 'tomorrow'. */
export const DEADLINE = new RegExp(
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

/**
 * The title of the task in what a rule caught after its trigger ('send the report by Friday,
 * because…' → 'Send the report'), at most 16 words, capitalised, with the deadline said in it
 * (else `sentenceDeadline`).
 * @returns undefined when it promises nothing: a vague or non-verb start, rambling, under three
 *   words, or too little to do
 */
export function cleanAction(
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

/** A verb of a concrete task at the start of an action ('send', 'look into', 'follow up'). */
export const STRONG_VERB =
  /^(?:send|share|write|draft|prepare|check|review|look into|follow up|set up|schedule|book|organi[sz]e|update|fix|email|call|contact|finish|complete|create|build|test|research|investigate|circulate|compile|arrange|confirm|order|buy|submit|deliver|present|find out|figure out|get back|reach out|talk to|ask|sort out|put together|come up with|work on|working on|make)\b/i;
