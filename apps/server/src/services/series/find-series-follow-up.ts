/**
 * What a newly processed meeting of a series carries over: the series' open action items, which of
 * them its transcript suggests are done (the text model's `findDoneItems` where it has one, the
 * offline word and owner matching otherwise), and the summary section that mentions them.
 * docs/product.md#series-memory.
 */
import { CARRIED_OVER_HEADING, type CarriedItem } from '@summy/core';
import type { Database } from '@summy/db';
import { log } from '../../log.ts';
import {
  findDoneItems,
  type DoneItem,
  type OpenItem,
} from '../../providers/llm/offline/done-items.ts';
import type { TextModel } from '../../providers/llm/types.ts';
import { openItemsBefore, readSeriesMeeting, type StoredLikelyDone } from './series-items.ts';

/** At most this many items are listed in the summary's 'Carried over' section. */
const SUMMARY_ITEMS = 10;

/** What {@link findSeriesFollowUp} found. */
export interface SeriesFollowUp {
  /** The series' open items from earlier meetings. */
  carried: CarriedItem[];
  /** Those the transcript suggests are done, to store on the meeting. */
  likelyDone: StoredLikelyDone[];
}

/**
 * The series follow-up of a meeting about to be saved with `transcript`. Nothing for a meeting of
 * no series or with no open items before it. A language model's failure falls back to the offline
 * matching, so a flaky provider costs nothing but precision.
 * @throws NotFoundError when the meeting is not the user's
 */
export async function findSeriesFollowUp(
  db: Database,
  userId: string,
  meetingId: string,
  transcript: string,
  text: Pick<TextModel, 'findDoneItems'>,
  signal?: AbortSignal,
): Promise<SeriesFollowUp> {
  const meeting = await readSeriesMeeting(db, userId, meetingId);
  if (!meeting.seriesKey) return { carried: [], likelyDone: [] };
  const carried = await openItemsBefore(db, userId, meeting.seriesKey, meeting.date);
  if (carried.length === 0) return { carried, likelyDone: [] };
  const open: OpenItem[] = carried.map((c) => ({
    id: c.id,
    title: c.title,
    assignedTo: c.assignedTo,
  }));
  let done: DoneItem[];
  try {
    done = text.findDoneItems
      ? await text.findDoneItems({ transcript, items: open }, signal)
      : findDoneItems(transcript, open, meeting.speakerNames);
  } catch (err) {
    signal?.throwIfAborted();
    log.warn({ err, meetingId }, '[series] the text model could not match open items');
    done = findDoneItems(transcript, open, meeting.speakerNames);
  }
  const known = new Set(open.map((o) => o.id));
  return {
    carried,
    likelyDone: done
      .filter((d) => known.has(d.id))
      .map((d) => ({ todoId: d.id, evidence: d.evidence, position: d.position })),
  };
}

const owned = (item: CarriedItem) => (item.assignedTo ? ` (${item.assignedTo})` : '');

/**
 * The summary's 'Carried over' section: items likely done, with what was said, then those still
 * open, at most ten in all; empty when nothing is carried.
 */
export function carriedOverMarkdown(followUp: SeriesFollowUp): string {
  if (followUp.carried.length === 0) return '';
  const evidence = new Map(followUp.likelyDone.map((d) => [d.todoId, d.evidence]));
  const ordered = [
    ...followUp.carried.filter((c) => evidence.has(c.id)),
    ...followUp.carried.filter((c) => !evidence.has(c.id)),
  ].slice(0, SUMMARY_ITEMS);
  const lines = ordered.map((item) => {
    const said = evidence.get(item.id);
    return said
      ? `- **Likely done:** ${item.title}${owned(item)}: “${said}”`
      : `- **Still open:** ${item.title}${owned(item)}`;
  });
  const more = followUp.carried.length - ordered.length;
  if (more > 0) lines.push(`- And ${more} more open from earlier meetings`);
  return `## ${CARRIED_OVER_HEADING}\n\n${lines.join('\n')}`;
}

/** `summary` with the section appended (a blank line between); `summary` alone when it is empty. */
export function withCarriedOver(summary: string, section: string): string {
  return section ? `${summary.trimEnd()}\n\n${section}` : summary;
}

/**
 * The 'Carried over' section of a stored summary, to keep it when the summary is written again
 * (the open items were those of the meeting's processing); empty when it has none.
 */
export function carriedOverSection(summary: string | null): string {
  if (!summary) return '';
  const at = summary.indexOf(`## ${CARRIED_OVER_HEADING}\n`);
  if (at < 0) return '';
  const rest = summary.slice(at);
  const next = rest.slice(3).search(/\n#{1,2}\s/);
  return (next < 0 ? rest : rest.slice(0, next + 3)).trimEnd();
}

/**
 * {@link findSeriesFollowUp} for the pipeline: a failure is logged and costs only the follow-up
 * (nothing carried); a stopped job still stops.
 */
export async function seriesFollowUpFor(
  db: Database,
  userId: string,
  meetingId: string,
  transcript: string,
  text: Pick<TextModel, 'findDoneItems'>,
  signal?: AbortSignal,
): Promise<SeriesFollowUp> {
  try {
    return await findSeriesFollowUp(db, userId, meetingId, transcript, text, signal);
  } catch (err) {
    signal?.throwIfAborted();
    log.warn({ err, meetingId }, '[series] the follow-up of earlier meetings failed');
    return { carried: [], likelyDone: [] };
  }
}
