/**
 * Pure rules of the text steps: title length, action-item suggestions, chunking of long
 * transcripts, and merging of duplicates.
 */
import { z } from './zod.ts';

/** Generated titles are cut to 50 characters. */
export const TITLE_MAX = 50;

/** Title used when title generation fails. */
export const FALLBACK_TITLE = 'Meeting';

/** 'Nov 25, 2026': a meeting's day as the app shows dates, in the process's time zone. */
function titleDay(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A diarization label ('Speaker 2', 'Unknown speaker'), not a person's name. */
const SPEAKER_LABEL = /^(?:speaker|unknown|participant|guest)\b/i;

/** The first names of the people known by name, each once, in order: 'Ada Lovelace' -> 'Ada'. */
function firstNames(people: readonly string[]): string[] {
  const names = people
    .map((p) => p.trim())
    .filter((p) => p && !SPEAKER_LABEL.test(p) && !p.includes('@'))
    .map((p) => p.split(/\s+/)[0]!);
  const seen = new Set<string>();
  return names.filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
}

/** 'Ada', 'Ada and Carol', 'Ada, Carol and 2 others'. */
function namesPhrase(names: readonly string[], shown: number): string {
  if (names.length === 1) return names[0]!;
  if (names.length <= shown) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const others = names.length - shown;
  return `${names.slice(0, shown).join(', ')} and ${others} other${others > 1 ? 's' : ''}`;
}

/**
 * Title of a meeting whose transcript is too poor to name a subject: the documented fallback
 * 'Meeting', the people known by name (calendar attendees or named speakers; diarization labels
 * such as 'Speaker 1' are not names) and the meeting's date as the app shows dates: 'Meeting with
 * Ada and Carol, Nov 25, 2026', or 'Meeting, Nov 25, 2026' when no name is known. Fewer names are
 * written when all would pass 50 characters. A title of the first words would be word salad, and
 * plain 'Meeting' cannot be told apart in the sidebar.
 * @param date when the meeting took place; formatted in the process's time zone
 * @param people display names of the meeting's people, in order of importance
 */
export function untitledMeetingTitle(date: Date, people: readonly string[] = []): string {
  const day = titleDay(date);
  const names = firstNames(people);
  for (let shown = Math.min(names.length, 2); shown > 0; shown--) {
    const title = `${FALLBACK_TITLE} with ${namesPhrase(names, shown)}, ${day}`;
    if (title.length <= TITLE_MAX) return title;
  }
  return `${FALLBACK_TITLE}, ${day}`;
}

/**
 * The candidates for a generated title that another meeting of the same account already has, in
 * order of preference: the title itself, then with the meeting's day ('Design Review, Nov 25,
 * 2026') unless the title already ends with it, then with a counter ('Design Review, Nov 25, 2026
 * (2)', '(3)', ...). Each is cut at a word to stay within 50 characters with its suffix. Pure, so
 * the server's check against the account's titles stays a loop over this list.
 * @param count how many candidates to give (the last ones are counters)
 */
export function titleCandidates(title: string, date: Date, count = 50): string[] {
  const base = cutTitle(title) || FALLBACK_TITLE;
  const day = titleDay(date);
  const fit = (head: string, suffix: string) => {
    let out = head;
    while (out.length + suffix.length > TITLE_MAX && out.includes(' ')) {
      out = out.slice(0, out.lastIndexOf(' ')).replace(/[\s,;:-]+$/, '');
    }
    return (out + suffix).slice(0, TITLE_MAX);
  };
  const dated = base.endsWith(day) ? base : fit(base, `, ${day}`);
  const out = new Set([base, dated]);
  // A bound on the loop: a single word of 50 characters leaves no room for any counter.
  for (let n = 2; out.size < count && n < count + 2; n++) out.add(fit(dated, ` (${n})`));
  return [...out].slice(0, count);
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

/** An action item suggestion: confidence 0 to 1. */
export const actionItemSuggestionSchema = z.object({
  title: z.string().min(1),
  description: z.string().default(''),
  assignedTo: z.string().nullable().default(null),
  confidence: z.number().min(0).max(1),
});
export type ActionItemSuggestion = z.infer<typeof actionItemSuggestionSchema>;

/** Action-item chunking constants. */
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
