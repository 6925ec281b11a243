/**
 * A heuristic meeting title without a language model: the top keyphrases in Title Case ('Remote
 * Control and Locator Function'), else the start of the most central sentence. At most 50
 * characters.
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

/**
 * The title, or '' when there is nothing to name the meeting by (the caller reports 'No title
 * generated').
 */
export function heuristicTitle(topics: Keyphrase[], central: Sentence | undefined): string {
  // Only repeated phrases name a meeting; a once-said word is a weak topic but a poor title.
  const phrases = topics.filter((t) => t.count >= 2).map((t) => t.phrase);
  if (phrases.length >= 2) {
    const two = titleCase(`${phrases[0]} and ${phrases[1]}`);
    if (two.length <= TITLE_MAX) return two;
  }
  if (phrases.length >= 1) return fitWords(titleCase(phrases[0]!), TITLE_MAX);
  if (central) {
    const words = central.text.replace(/[.!?,;:]+/g, '').replace(/^(?:so|and|but|well)\s+/i, '');
    return fitWords(titleCase(words), TITLE_MAX);
  }
  return '';
}
