/**
 * Reading a stored transcript for the offline text model: cleaned sentences with their speaker,
 * word tokens, and a sentence worded as notes show it ({@link readable}: the summarizer's picks
 * and ./markdown.ts's notes read the same). Paragraph parsing is shared with the other models
 * (../transcript.ts).
 */
import type { Paragraph } from '../transcript.ts';
import { FILLERS, GENERIC_WORDS, STOPWORDS } from './stopwords.ts';

export { parseTranscript, type Paragraph } from '../transcript.ts';

/** A sentence of the transcript with where it comes from. */
export interface Sentence {
  /** 0-based position among all sentences. */
  index: number;
  /** 0-based index of its paragraph. */
  paragraph: number;
  speaker: string;
  /** Cleaned text for display: fillers and stutters removed, spacing fixed. */
  text: string;
  /** Lowercased topical stems (no stopwords, fillers or generic words), in order. */
  terms: string[];
  /** Number of words in `text`. */
  words: number;
  /** Whether it ends in '.', '!' or '?' (false: cut off, a fragment). */
  complete: boolean;
}

const FILLER_PATTERN = new RegExp(
  `(^|[\\s,])(?:${[...FILLERS]
    .filter((f) => !['like', 'well', 'right', 'no', 'yes', 'okay', 'ok', 'alright'].includes(f))
    .map((f) => f.replace(/[-']/g, (c) => `\\${c}`))
    .join('|')})(?=[\\s,.!?]|$)[,]?`,
  'gi',
);

/**
 * Cleans spoken text for display: drops fillers (um, uh, mm-hmm), annotations in braces,
 * repeated words ('we'll we'll'), spaces before punctuation and before contractions
 * ('I 'm' → "I'm").
 */
export function cleanSpoken(text: string): string {
  let t = text
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\s+(['’](?:s|m|re|ve|ll|d|t)\b)/gi, '$1')
    .replace(/\s+n['’]t\b/gi, "n't");
  t = t.replace(FILLER_PATTERN, '$1');
  // Discourse markers set off by commas or at the start ('you know,', ', I mean,').
  t = t.replace(/(^|[,.!?]\s*)(?:you know|i mean)(?:\s*,|(?=\s*[.!?]))/gi, '$1');
  t = dropBrokenWords(t);
  t = t
    .replace(/\b(\w+(?:['’]\w+)?)(?:\s+\1\b)+/gi, '$1')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  // Restarts of two to four words ('so let's so let's think'), until none is left: 'we can we
  // can pass my we can pass my copy' is two restarts.
  for (let k = 0; k < 4; k++) {
    const next = t.replace(/\b((?:[\w'’]+,?\s+){2,4})\1/gi, '$1');
    if (next === t) break;
    t = next;
  }
  t = t
    // A clause said twice ('it displays less on the screen, it displays less on the screen').
    .replace(/\b((?:[\w'’]+\s+){2,7}[\w'’]+),\s+\1\b/gi, '$1')
    .replace(/([,.!?;:])(?:\s*[,;:])+/g, '$1')
    // A comma left before the stop once fillers are gone ('requirements, um yeah.').
    .replace(/[,;:]\s*([.!?])/g, '$1')
    .replace(/^[\s,.;:-]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t;
}

/**
 * Drops words broken off and restarted ('ch chucking' → 'chucking', 'Havi having' → 'having',
 * 'f design' → 'design'): a lowercase stray letter other than 'a', or a non-word that the next word
 * begins with.
 */
function dropBrokenWords(text: string): string {
  const tokens = text.split(' ');
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!;
    const next = (tokens[i + 1] ?? '').toLowerCase();
    const bare = w.toLowerCase();
    if (/^[b-hj-z]$/.test(w)) continue;
    if (
      /^\p{L}{1,5}$/u.test(w) &&
      next.length > bare.length &&
      next.startsWith(bare) &&
      !STOPWORDS.has(bare)
    ) {
      continue;
    }
    out.push(w);
  }
  return out.join(' ');
}

const ABBREVIATIONS = /\b(?:mr|mrs|ms|dr|prof|st|vs|etc|e\.g|i\.e|approx|no)\.$/i;

/**
 * Splits cleaned text into sentences at '.', '!' or '?' followed by a space. Text without
 * punctuation (offline speech-to-text writes none) is cut into pieces of about `maxWords` words so
 * a long turn never becomes one huge "sentence".
 */
export function splitSentences(text: string, maxWords = 40): string[] {
  const parts: string[] = [];
  let start = 0;
  const re = /[.!?]+(?=\s+|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length;
    const piece = text.slice(start, end);
    if (ABBREVIATIONS.test(piece)) continue;
    parts.push(piece.trim());
    start = end;
  }
  if (start < text.length) parts.push(text.slice(start).trim());
  const out: string[] = [];
  for (const p of parts) {
    if (!p || !/\p{L}/u.test(p)) continue;
    const words = p.split(/\s+/);
    if (words.length <= maxWords) {
      out.push(p);
      continue;
    }
    // Unpunctuated run: even pieces of at most maxWords words.
    const pieces = Math.ceil(words.length / maxWords);
    const size = Math.ceil(words.length / pieces);
    for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(' '));
  }
  return out;
}

/** Lowercased word tokens (letters, digits, inner apostrophes and hyphens). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * A light suffix stemmer (plural and possessive endings only) so that 'buttons' and 'button' count
 * as one term; stronger stemming conflates too much in short meetings.
 */
export function stem(word: string): string {
  let w = word.replace(/['’]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && /(?:ss|sh|ch|x)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** True for words that carry content: not a stopword, filler or bare number, 2+ letters. */
export function isContentWord(word: string): boolean {
  return (
    word.length > 1 &&
    !STOPWORDS.has(word) &&
    !FILLERS.has(word) &&
    !/^\d+$/.test(word) &&
    !/^(?:gonna|wanna|gotta|kinda|sorta|dunno)$/.test(word)
  );
}

/** The content-word stems of a text, in order. */
export function contentTerms(text: string): string[] {
  return words(text).filter(isContentWord).map(stem);
}

/** Stems that can characterise a meeting: content words that are not generic ('think', 'thing'). */
export function topicalTerms(text: string): string[] {
  return words(text)
    .filter((w) => isContentWord(w) && !GENERIC_WORDS.has(w))
    .map(stem);
}

const DISFLUENCY =
  /\b(?:like|you know|i mean|i guess|i don't know|i dunno|kind of|sort of|or something|whatever)\b/gi;

/** Share of a sentence's words spent on discourse markers ('like', 'you know', 'I mean'), 0..1. */
export function disfluency(text: string): number {
  const n = text.split(/\s+/).length;
  let marked = 0;
  for (const m of text.matchAll(DISFLUENCY)) marked += m[0].split(/\s+/).length;
  return n ? marked / n : 0;
}

/** Most words a turn may have to count as a backchannel inside someone else's sentence. */
const BACKCHANNEL_WORDS = 4;

/**
 * Turns with their broken sentences mended: when a turn stops mid-sentence (no closing '.', '!'
 * or '?') and, after only short backchannels by others ('Yeah I think so'), the same speaker goes
 * on, the continuation is joined to the turn. The backchannels stay as their own turns.
 */
export function mendInterruptedTurns(paragraphs: Paragraph[]): Paragraph[] {
  const out = paragraphs.map((p) => ({ ...p }));
  const absorbed = new Set<number>();
  for (let i = 0; i < out.length; i++) {
    if (absorbed.has(i)) continue;
    const p = out[i]!;
    let j = i + 1;
    while (j < out.length && !/[.!?]\s*$/.test(cleanSpoken(p.text))) {
      while (
        j < out.length &&
        out[j]!.speaker !== p.speaker &&
        out[j]!.text.split(/\s+/).length <= BACKCHANNEL_WORDS
      ) {
        j++;
      }
      const next = out[j];
      if (!next || next.speaker !== p.speaker || j - i > 3) break;
      p.text = `${p.text} ${next.text}`;
      absorbed.add(j);
      j++;
    }
  }
  return out.filter((_, i) => !absorbed.has(i));
}

/** All sentences of the transcript, cleaned, with their speaker. */
export function transcriptSentences(paragraphs: Paragraph[]): Sentence[] {
  const sentences: Sentence[] = [];
  paragraphs.forEach((p, paragraph) => {
    for (const text of splitSentences(cleanSpoken(p.text))) {
      sentences.push({
        index: sentences.length,
        paragraph,
        speaker: p.speaker,
        text,
        terms: topicalTerms(text),
        words: text.split(/\s+/).length,
        complete: /[.!?]$/.test(text),
      });
    }
  });
  return sentences;
}

/**
 * Discourse openers dropped from a shown sentence ('So, um, and the price' → 'The price'). Words
 * that can also start what is said ('No one came', 'So far', 'Like a phone', 'Right now') count
 * only when a comma sets them off, so no negation or comparison is lost.
 */
const OPENER =
  /^(?:(?:(?:so(?!\s+(?:far|many|much|long|that|few|little)\b)|and|but|well|okay|ok|yeah|yes|oh|actually|anyway|alright|also|i mean|you know)\b|(?:no|now|right|then|like)\b(?=\s*,))[,\s]+)+/i;

/** Upper-cases the first letter. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Trailing commas, dashes and spaces dropped, and a full stop added unless it ends in one. */
export function ensureStop(text: string): string {
  const t = text.replace(/[\s,;:-]+$/, '');
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** A spoken sentence as it reads in notes: openers ('So, um, and') dropped, capitalised, ended. */
export function readable(text: string): string {
  const t = text.replace(OPENER, '').trim() || text;
  return ensureStop(capitalize(t));
}
