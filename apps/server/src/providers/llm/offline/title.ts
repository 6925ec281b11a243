/**
 * A heuristic meeting title without a language model: the subject's top keyphrases in Title Case
 * ('Remote Control and Locator Function'), else nothing (the caller titles it 'Meeting' with the
 * people and the date, `untitledMeetingTitle`). A title names a subject, so only phrases that read
 * as noun phrases qualify: keyphrases are runs of content words, and a repeated adjective,
 * quantifier or adverb ('easier', 'many', 'quickly') is one too, but 'Easier and Many' names
 * nothing. At most 50 characters, the product's title limit.
 */
import { TITLE_MAX } from '@summy/core';
import type { Keyphrase } from './keyphrases.ts';
import type { Sentence } from './text.ts';

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);

/** Title Case: every word capitalised except short function words after the first. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) =>
      i > 0 && SMALL_WORDS.has(w.toLowerCase())
        ? w.toLowerCase()
        : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join(' ');
}

/**
 * English words that are never the head of a subject: quantifiers, and adjectives common in talk
 * whose form does not give them away (a closed, general list; morphology catches the rest).
 */
const NOT_NOUNS = new Set(
  `many several various numerous plenty certain particular own enough main major minor entire
  general specific possible impossible likely unlikely usual actual available ready better best
  worse worst bigger biggest smaller smallest larger largest higher highest lower lowest faster
  fastest slower slowest hard harder hardest simple simpler simplest cheap cheaper cheapest
  expensive nice fair cool fun easy tough able due free full open close near far recent current
  previous following similar same sure`.split(/\s+/),
);

/**
 * Whether a word can end a noun phrase: not a listed quantifier or adjective, not an '-ly' adverb,
 * not a comparative or superlative made with '-ier'/'-iest' ('easier', 'happiest'), not an
 * adjective by its suffix ('-ous', '-ful', '-less', '-ish'), not a past form in '-ed' ('decided';
 * 'need', 'feed' are kept).
 */
export function canEndNounPhrase(word: string): boolean {
  const w = word.toLowerCase();
  if (NOT_NOUNS.has(w)) return false;
  if (w.length > 4 && /(?:ly|ier|iest|ous|ful|less|ish)$/.test(w)) return false;
  if (w.length > 5 && /[^e]ed$/.test(w)) return false;
  return true;
}

/** Words that count things: a phrase holding one ('many options') is not a subject. */
const QUANTIFIERS = new Set(['many', 'several', 'various', 'numerous', 'plenty']);

/** A phrase that can name a subject: no quantifier inside, and a noun-like last word. */
function isNounPhrase(phrase: string): boolean {
  const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.some((w) => QUANTIFIERS.has(w))) return false;
  return canEndNounPhrase(words[words.length - 1]!);
}

// Words up to `max` characters, never cutting inside a word.
function fitWords(text: string, max: number): string {
  let out = '';
  for (const w of text.split(/\s+/)) {
    const next = out ? `${out} ${w}` : w;
    if (next.length > max) break;
    out = next;
  }
  return out;
}

/** Fewer topical words than this and the transcript is too poor to name a subject. */
const MIN_TOPICAL_WORDS = 12;

/**
 * The title from the meeting's subject (its strongest repeated keyphrases, Title Case, at most 50
 * characters), or '' when the transcript is too poor to name one: too few topical words, or no
 * noun phrase said twice. The offline model then throws NoSubjectError and the pipeline titles the
 * meeting 'Meeting' plus its date; a title made of the first words would be word salad.
 */
export function heuristicTitle(subject: Keyphrase[], sentences: Sentence[]): string {
  const topical = sentences.reduce((a, s) => a + s.terms.length, 0);
  if (topical < MIN_TOPICAL_WORDS) return '';
  // Only repeated noun phrases name a meeting; a once-said word is a weak topic but a poor title.
  const phrases = subject
    .filter((t) => t.count >= 2 && isNounPhrase(t.phrase))
    .map((t) => t.phrase);
  if (phrases.length >= 2) {
    const two = titleCase(`${phrases[0]} and ${phrases[1]}`);
    if (two.length <= TITLE_MAX) return two;
  }
  if (phrases.length >= 1) return fitWords(titleCase(phrases[0]!), TITLE_MAX);
  return '';
}
