/**
 * Search everywhere (the Cmd+K / Ctrl+K palette): `GET /api/search?q=&limit=` answers the user's
 * meetings (title, transcript turns, summary paragraphs), to-dos, contacts and past chats matching
 * the text, grouped. docs/decisions/058-search-everywhere.md.
 */
import { z } from './zod.ts';

/** Limits of `GET /api/search`. */
export const SEARCH_LIMITS = {
  /** Characters of `q`. */
  query: 200,
  /** Words of `q` that count; later ones are ignored. */
  words: 8,
  /** Results per group when `limit` is absent. */
  perGroupDefault: 5,
  /** Largest `limit`. */
  perGroupMax: 20,
} as const;

/**
 * A piece of text with the parts that matched the query: `ranges` are `[start, end)` offsets into
 * `text` in UTF-16 code units (JavaScript string indices), sorted and not overlapping. The client
 * wraps each range in `<mark>`; the text itself is plain text, never HTML.
 */
export const highlightedTextSchema = z.object({
  text: z.string(),
  ranges: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
});
export type HighlightedText = z.infer<typeof highlightedTextSchema>;

/** Where a meeting matched: its title, a transcript turn or a summary paragraph. */
export const meetingHitSectionSchema = z.enum(['title', 'transcript', 'summary']);
export type MeetingHitSection = z.infer<typeof meetingHitSectionSchema>;

/** A meeting found by search. */
export const meetingHitSchema = z.object({
  id: z.string().uuid(),
  title: highlightedTextSchema,
  date: z.iso.datetime({ offset: true }),
  section: meetingHitSectionSchema,
  /** The matching passage around its matched words; null when only the title matched. */
  snippet: highlightedTextSchema.nullable(),
  /**
   * Transcript turn index (`parseTranscript`'s, the meeting view's `?turn=`) or summary paragraph
   * index; null for a title match.
   */
  position: z.number().int().nullable(),
  /** Start of the matching transcript turn on the recording, seconds; null when unknown. */
  start: z.number().nullable(),
  speaker: z.string().nullable(),
});
export type MeetingHit = z.infer<typeof meetingHitSchema>;

/** A to-do found by search (title or description). */
export const todoHitSchema = z.object({
  id: z.string().uuid(),
  title: highlightedTextSchema,
  completed: z.boolean(),
  meetingId: z.string().uuid().nullable(),
});
export type TodoHit = z.infer<typeof todoHitSchema>;

/** A contact found by search (name or e-mail). */
export const contactHitSchema = z.object({
  id: z.string().uuid(),
  name: highlightedTextSchema.nullable(),
  email: highlightedTextSchema,
  photoUrl: z.string().nullable(),
});
export type ContactHit = z.infer<typeof contactHitSchema>;

/** A past chat found by search (its title, or one of the questions asked in it). */
export const chatHitSchema = z.object({
  id: z.string().uuid(),
  /** The title shown: the saved title, else the first question asked. */
  title: highlightedTextSchema,
  /** The chat's saved title (null until it has one), as `GET /api/chats` answers it. */
  savedTitle: z.string().nullable(),
  /** The question that matched, when the title did not. */
  snippet: highlightedTextSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  contextMeetingIds: z.array(z.string().uuid()),
});
export type ChatHit = z.infer<typeof chatHitSchema>;

/** `GET /api/search` answer: each group best first, at most `limit` each. */
export const searchResultsSchema = z.object({
  query: z.string(),
  meetings: z.array(meetingHitSchema),
  todos: z.array(todoHitSchema),
  contacts: z.array(contactHitSchema),
  chats: z.array(chatHitSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/**
 * The words of a search text as the palette matches them: runs of letters and digits, lower-cased,
 * at most {@link SEARCH_LIMITS.words}. Punctuation never reaches a query.
 */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, SEARCH_LIMITS.words);
}

/**
 * Where any of `words` occurs in `text` (case-insensitive substrings), as sorted, merged
 * `[start, end)` ranges: the highlight of text matched by substring (titles, names, e-mails).
 */
export function substringRanges(text: string, words: readonly string[]): [number, number][] {
  const lower = text.toLowerCase();
  // Lower-casing can change a string's length (rare letters); then offsets would not line up.
  if (lower.length !== text.length) return [];
  const found: [number, number][] = [];
  for (const word of words) {
    if (!word) continue;
    for (let i = lower.indexOf(word); i !== -1; i = lower.indexOf(word, i + word.length)) {
      found.push([i, i + word.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of found) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/**
 * Splits highlighted text into plain and matched parts, in order, for rendering (`<mark>` around
 * the matched ones). Ranges outside the text are clipped; overlapping ones are skipped.
 */
export function highlightParts(value: HighlightedText): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [rawStart, rawEnd] of value.ranges) {
    const start = Math.max(at, Math.min(rawStart, value.text.length));
    const end = Math.min(rawEnd, value.text.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: value.text.slice(at, start), match: false });
    parts.push({ text: value.text.slice(start, end), match: true });
    at = end;
  }
  if (at < value.text.length) parts.push({ text: value.text.slice(at), match: false });
  return parts;
}
