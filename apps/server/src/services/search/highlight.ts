/**
 * Highlights of search everywhere as plain text and ranges (`HighlightedText` of @summy/core):
 * `ts_headline` marks the matched words with two control characters that cannot occur in the text
 * (they are removed from it first), and the markers become `[start, end)` ranges here, so no HTML
 * ever travels from the database to the page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { substringRanges, type HighlightedText } from '@summy/core';

const START = '\u0002';
const STOP = '\u0003';

/**
 * `ts_headline` options: one fragment of about 8 to 22 words around the best match (PostgreSQL
 * 'Text Search: Highlighting Results'), marked with {@link START} and {@link STOP}.
 */
const FRAGMENT_OPTIONS = `MaxFragments=1, MaxWords=22, MinWords=8, ShortWord=2, FragmentDelimiter=" … ", StartSel=${START}, StopSel=${STOP}`;

/** Options for short fields shown whole (a to-do's title): every match marked. */
const WHOLE_OPTIONS = `HighlightAll=true, StartSel=${START}, StopSel=${STOP}`;

/**
 * SQL of a `ts_headline` of `column` for the tsquery `query` (both SQL expressions); `whole`
 * marks the whole text rather than a fragment.
 */
export function headlineSql(column: SQL, query: SQL, whole = false): SQL {
  return sql`ts_headline('english', translate(${column}, ${START + STOP}, ''), ${query}, ${
    whole ? WHOLE_OPTIONS : FRAGMENT_OPTIONS
  })`;
}

/**
 * Turns a marked headline into text and ranges. With `source` (the whole text the fragment was
 * cut from), an ellipsis shows where the fragment starts or ends inside it.
 */
export function parseHeadline(marked: string, source?: string): HighlightedText {
  let text = '';
  const ranges: [number, number][] = [];
  let open = -1;
  for (const ch of marked) {
    if (ch === START) open = text.length;
    else if (ch === STOP) {
      if (open >= 0 && text.length > open) ranges.push([open, text.length]);
      open = -1;
    } else text += ch;
  }
  if (source === undefined) return { text, ranges };
  // Compared without the punctuation at either end, which ts_headline leaves out of a fragment.
  const bare = (s: string) => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  const clean = bare(source.replaceAll(START, '').replaceAll(STOP, ''));
  const body = text.trim();
  const inner = bare(body);
  const lead = inner.length > 0 && !clean.startsWith(inner) ? '… ' : '';
  const tail = inner.length > 0 && !clean.endsWith(inner) ? ' …' : '';
  const shift = lead.length - (text.length - text.trimStart().length);
  return {
    text: lead + body + tail,
    ranges: ranges
      .map(([s, e]): [number, number] => [s + shift, e + shift])
      .filter(([s, e]) => s >= lead.length && e <= lead.length + body.length),
  };
}

/** Plain text with the query words highlighted where they occur as substrings. */
export function highlightWords(text: string, words: readonly string[]): HighlightedText {
  return { text, ranges: substringRanges(text, words) };
}

/**
 * About `max` characters of `text` around the first occurrence of any of `words`, with ellipses
 * where it was cut and the words highlighted.
 */
export function excerptAround(text: string, words: readonly string[], max = 120): HighlightedText {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return highlightWords(flat, words);
  const lower = flat.toLowerCase();
  const hits = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
  const first = hits.length ? Math.min(...hits) : 0;
  const start = Math.max(0, Math.min(first - Math.floor(max / 3), flat.length - max));
  const piece = flat.slice(start, start + max).trim();
  const out = `${start > 0 ? '… ' : ''}${piece}${start + max < flat.length ? ' …' : ''}`;
  return highlightWords(out, words);
}
