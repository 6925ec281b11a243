/**
 * Extracted sentences as notes say them, never changing what was said. A statement about third
 * persons and things is reported with its speaker named and its words as said ('Project Manager:
 * The price is too high.' → 'The Project Manager said the price is too high.'); every other
 * sentence is quoted. Turning 'I', 'we', 'you' or 'our' into 'they', 'the group' or 'the' can
 * point at someone else or change how many are meant ('in our experience' was the witness's, not
 * 'the' experience; 'two of us' is not 'two of the group'), and a question reported as a statement
 * asks nothing: the rules cannot tell when such a rewrite is safe, so they make none.
 */
import { isRoleLabel } from '@summy/core';

/**
 * How notes name a speaker: a role label ('Project Manager', 'Lead Engineer') takes 'the'; a name
 * or a numbered label ('Priya', 'Speaker 2', 'Grad C') stays as it is.
 * @param label the transcript's speaker label
 * @param start true at the start of a sentence ('The Project Manager'), else 'the Project Manager'
 */
export function speakerName(label: string, start = false): string {
  if (!isRoleLabel(label)) return label;
  return `${start ? 'The' : 'the'} ${label}`;
}

/**
 * Words of the first or second person, which only the speaker's own wording keeps right: 'I', 'we'
 * and 'you' in every form, 'let's', and 'y'all'.
 */
const PERSONAL =
  /(?<![\p{L}'’])(?:i|i['’](?:m|ve|ll|d)|me|my|mine|myself|we|we['’](?:re|ve|ll|d)|us|our|ours|ourselves|let['’]s|you|you['’](?:re|ve|ll|d)|your|yours|yourself|yourselves|y['’]all)(?![\p{L}'’])/iu;

/** Verbs that open a question ('Is your experience also that…', 'Can they…'). */
const QUESTION_OPENER =
  /^(?:(?:am|is|are|was|were|do|does|did|have|has|had|can|could|will|would|shall|should|may|might|must)(?:n['’]t)?|(?:what|why|how|where|when|who|whom|whose|which)(?!\s+(?:if|though)\b))\s+\S/i;

/** A question tagged on at the end ('…, isn't it', '…, right'). */
const TAG_QUESTION =
  /,\s*(?:(?:is|are|was|were|do|does|did|have|has|can|could|would|will|should)n['’]t\s+\p{L}+|right|correct|no|yes|okay|ok)\s*$/iu;

/**
 * First words of a clause that begins with its subject (or with a clause before it), so that
 * 'X said' + the clause reads as the statement it was, not as an order ('Send it' → 'said send
 * it') or a fragment.
 */
const SUBJECT_START = new Set(
  `the a an this that these those it it's its there there's there're here he he's she she's they
  they're they've they'll their his her some most many much more less each every all both either
  neither no none nobody nothing everybody everyone everything somebody someone something anybody
  anyone anything one two three four five six seven eight nine ten hundred thousand people another
  other others such if when once since although though unless while whether`.split(/\s+/),
);

/** Whether a clause asks rather than states: marked with '?', or worded as a question. */
export function isQuestionWording(clause: string): boolean {
  const t = clause.trim();
  return /\?/.test(t) || QUESTION_OPENER.test(t) || TAG_QUESTION.test(t.replace(/[.!]+$/, ''));
}

/**
 * Whether the clause begins with its subject: a word of {@link SUBJECT_START}, a number, a name
 * (`keepsCapital`), or those after an adverb in -ly ('Obviously it displays less').
 */
function startsWithSubject(clause: string, keepsCapital: (word: string) => boolean): boolean {
  const words = clause.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const subject = (w: string | undefined) =>
    !!w && (SUBJECT_START.has(w.toLowerCase().replace(/’/g, "'")) || /^\d/.test(w));
  const [first, second] = words;
  if (!first) return false;
  if (subject(first) || keepsCapital(first)) return true;
  return /^\p{L}{3,}ly$/u.test(first) && (subject(second) || (!!second && keepsCapital(second)));
}

/**
 * The sentence as reported speech ('The Project Manager said the price is too high.'), or null
 * when it must be quoted: it holds a word of the first or second person ('I', 'we', 'our', 'you',
 * 'let's'), asks a question (marked or worded so), holds a quotation, or does not begin with its
 * subject (an order, a fragment). Only the first letter changes case; every word stays as said.
 * @param text one cleaned sentence, already readable (openers dropped, ended)
 * @param speaker its speaker label ('Project Manager')
 * @param keepsCapital whether a word keeps its capital mid-sentence (a name, 'Stripe'); by default
 *   none but 'I'
 */
export function reportedSpeech(
  text: string,
  speaker: string,
  keepsCapital: (word: string) => boolean = () => false,
): string | null {
  let clause = text.trim().replace(/[.!]+$/, '');
  if (!clause || /["“”]/.test(clause) || PERSONAL.test(clause)) return null;
  if (isQuestionWording(clause) || !startsWithSubject(clause, keepsCapital)) return null;
  const first = /^[\p{L}'’]+/u.exec(clause)?.[0] ?? '';
  if (first && !/^[\p{Lu}\d_]+$/u.test(first) && !keepsCapital(first)) {
    clause = clause.charAt(0).toLowerCase() + clause.slice(1);
  }
  // 'said if it's similar…' reads as a question: 'said that if it's similar…'.
  const verb = /^(?:if|when|once|since|although|though|unless|while|whether)\b/i.test(clause)
    ? 'said that'
    : 'said';
  const who = speakerName(speaker, true);
  return `${who.charAt(0).toUpperCase()}${who.slice(1)} ${verb} ${clause}.`;
}

/**
 * A sentence as the speaker said it, in quotation marks after who said it ('Abbie Claflin said:
 * “The responsibility lies on the local authority, I would say.”'); a question keeps its question
 * mark and is what they asked.
 * @param text one cleaned sentence, already readable
 * @param speaker its speaker label
 */
export function quotedSpeech(text: string, speaker: string): string {
  const who = speakerName(speaker, true);
  const verb = /\?\s*$/.test(text) ? 'asked' : 'said';
  return `${who.charAt(0).toUpperCase()}${who.slice(1)} ${verb}: “${text.trim()}”`;
}
