/**
 * Pure rules of the text steps (spec 000 sections 4, 5 and 9): title length, action-item
 * suggestions, chunking of long transcripts, and merging of duplicates.
 */
import { z } from './zod.ts';

/** Generated titles are cut to 50 characters (spec 000 section 5). */
export const TITLE_MAX = 50;

/** Title used when title generation fails (spec 000 section 4). */
export const FALLBACK_TITLE = 'Meeting';

/**
 * Title of a meeting whose transcript is too poor to name a subject (few content words, nothing
 * said twice): the spec's fallback 'Meeting' plus the meeting's date as the app shows dates
 * ('MMM d, yyyy'), e.g. 'Meeting, Nov 25, 2026'. Issue 11: a title of the first words would be
 * word salad, and plain 'Meeting' cannot be told apart in the sidebar.
 * @param date when the meeting took place; formatted in the process's time zone
 */
export function untitledMeetingTitle(date: Date): string {
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  return `${FALLBACK_TITLE}, ${day}`;
}

/** Cuts a generated title to 50 characters, trimming quotes, markdown and whitespace. */
export function cutTitle(raw: string): string {
  const clean = raw
    .replace(/^[\s#*"'`]+|[\s*"'`]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length <= TITLE_MAX) return clean;
  return clean.slice(0, TITLE_MAX).trimEnd();
}

/** An action item suggestion (spec 000 section 3): confidence 0 to 1. */
export const actionItemSuggestionSchema = z.object({
  title: z.string().min(1),
  description: z.string().default(''),
  assignedTo: z.string().nullable().default(null),
  confidence: z.number().min(0).max(1),
});
export type ActionItemSuggestion = z.infer<typeof actionItemSuggestionSchema>;

/** Action-item chunking constants (spec 000 section 9). */
export const ACTION_ITEM_CHUNK = { size: 8000, splitAfter: 0.6, pauseMs: 300 } as const;

/**
 * Splits a transcript into chunks of at most `size` characters, cutting near a sentence or line
 * end found after 60% of the chunk (else at the limit).
 */
export function chunkTranscript(text: string, size: number = ACTION_ITEM_CHUNK.size): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const window = rest.slice(0, size);
    const from = Math.floor(size * ACTION_ITEM_CHUNK.splitAfter);
    let cut = -1;
    for (let i = window.length - 1; i >= from; i--) {
      const ch = window[i]!;
      if (
        ch === '\n' ||
        ((ch === '.' || ch === '!' || ch === '?') && /\s/.test(window[i + 1] ?? ' '))
      ) {
        cut = i + 1;
        break;
      }
    }
    if (cut <= 0) cut = size;
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut);
  }
  if (rest.trim()) chunks.push(rest.trim());
  return chunks.filter(Boolean);
}

/** Merges duplicates by case-insensitive title, keeping the one with the higher confidence. */
export function mergeActionItems(items: ActionItemSuggestion[]): ActionItemSuggestion[] {
  const byTitle = new Map<string, ActionItemSuggestion>();
  for (const item of items) {
    const key = item.title.trim().toLowerCase();
    const kept = byTitle.get(key);
    if (!kept || item.confidence > kept.confidence) byTitle.set(key, item);
  }
  return [...byTitle.values()];
}
