/**
 * Series memory: meetings of one recurring calendar series, or with the same group of attendees
 * (two or more e-mails of the linked event, else two or more speaker names the user gave), form a
 * series. A meeting of a series shows 'Last time' (the previous meeting's summary, decisions and
 * the series' action items still open) and suggests which of those items it resolves.
 * docs/product.md#series-memory.
 */
import { z } from './zod.ts';

const isoDate = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time');

/** How the meetings of a series belong together. */
export const SERIES_KINDS = ['event', 'people', 'names'] as const;
export type SeriesKind = (typeof SERIES_KINDS)[number];

/** An open action item of an earlier meeting of the series, with where it comes from. */
export const carriedItemSchema = z.object({
  /** The to-do's id. */
  id: z.string().uuid(),
  title: z.string(),
  /** The owner as the source meeting shows it (its speaker names applied); null when nobody. */
  assignedTo: z.string().nullable(),
  meetingId: z.string().uuid(),
  meetingTitle: z.string(),
  meetingDate: isoDate,
});
export type CarriedItem = z.infer<typeof carriedItemSchema>;

/** An open item this meeting suggests is done, with the words that say so. */
export const likelyDoneItemSchema = carriedItemSchema.extend({
  /** What was said (one or two sentences of the transcript, as said). */
  evidence: z.string(),
  /** Index of the transcript turn the evidence comes from (the `?turn=` of a link); null if unknown. */
  position: z.number().int().nonnegative().nullable(),
});
export type LikelyDoneItem = z.infer<typeof likelyDoneItemSchema>;

/** The meeting before this one in its series. */
export const previousMeetingSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  date: isoDate,
  /** Its summary's opening paragraph (speaker names applied), or null when it has no summary. */
  overview: z.string().nullable(),
  /** The bullet points under its summary's 'Decisions' heading, as written. */
  decisions: z.array(z.string()),
  /** The user's My notes of it as Markdown, or null when they wrote none. */
  notes: z.string().nullable(),
});
export type PreviousMeeting = z.infer<typeof previousMeetingSchema>;

/**
 * Answer of `GET /api/meetings/:id/series`: `series` is null when the meeting belongs to none.
 * `meetingIds` are the series' meetings, newest first (at most 50, the chat's limit), for the
 * assistant's 'this series' scope.
 */
export const meetingSeriesSchema = z.object({
  series: z
    .object({
      kind: z.enum(SERIES_KINDS),
      /** The event's title, or the people's names ('Ada Lovelace, Grace Hopper'). */
      name: z.string(),
      /** Meetings in the series, this one included. */
      meetingCount: z.number().int().nonnegative(),
      meetingIds: z.array(z.string().uuid()),
    })
    .nullable(),
  previous: previousMeetingSchema.nullable(),
  /** Action items of earlier meetings of the series that are still open, newest meeting first. */
  openItems: z.array(carriedItemSchema),
  /** Of those, the ones this meeting suggests are done; the user confirms or dismisses each. */
  likelyDone: z.array(likelyDoneItemSchema),
});
export type MeetingSeries = z.infer<typeof meetingSeriesSchema>;

/** The heading of the summary section that lists carried-over items. */
export const CARRIED_OVER_HEADING = 'Carried over';

/**
 * Markdown inline formatting as plain text: links as their text, emphasis, code spans and HTML
 * tags dropped, so a summary's line reads cleanly where it is shown without a Markdown renderer.
 */
export function plainMarkdown(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?!\s)([^*]+?)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w_])_(?!\s)([^_]+?)_(?!\w)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The bullet points under a markdown summary's first heading that names decisions ('##
 * Decisions', '### Key decisions'), up to the next heading; list markers and a leading
 * "sentences worded as decisions" note are dropped. Empty when there is no such section.
 */
export function summaryDecisions(markdown: string | null): string[] {
  if (!markdown) return [];
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#{1,6}\s+.*\bdecisions?\b/i.test(l.trim()));
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const t = line.trim();
    if (/^#{1,6}\s/.test(t)) break;
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(t);
    const said = item?.[1] ? plainMarkdown(item[1]) : '';
    if (said) out.push(said);
  }
  return out;
}

/**
 * The summary's opening paragraph as plain text: the first run of lines that is not a heading, a
 * list, a quote or a table, joined with spaces; null when there is none.
 */
export function summaryOverview(markdown: string | null): string | null {
  if (!markdown) return null;
  const paragraph: string[] = [];
  for (const line of markdown.split('\n')) {
    const t = line.trim();
    const plain = t && !/^(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|>|\|)/.test(t);
    if (plain) paragraph.push(t);
    else if (paragraph.length > 0) break;
  }
  return paragraph.length > 0 ? plainMarkdown(paragraph.join(' ')) || null : null;
}
