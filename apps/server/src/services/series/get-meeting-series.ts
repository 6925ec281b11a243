/**
 * 'Last time' for a meeting of a series: the series itself (what ties it, its name, its meetings
 * for the assistant's 'this series' scope), the meeting before this one (its summary's opening
 * and decisions, and the user's notes of it), the series' action items still open, and which of those this meeting suggests
 * are done. docs/product.md#series-memory.
 */
import { and, count, desc, eq, lt } from 'drizzle-orm';
import {
  applySpeakerNames,
  CHAT_CONTEXT_MAX_MEETINGS,
  speakerName,
  summaryDecisions,
  summaryOverview,
  type MeetingSeries,
  type SeriesKind,
} from '@summy/core';
import { meetings, type Database } from '@summy/db';
import { readSpeakerNames } from '../meetings/to-meeting.ts';
import { readNotesMarkdown } from '../notes/read-notes.ts';
import {
  openItemsBefore,
  openItemsByIds,
  readSeriesMeeting,
  type SeriesMeeting,
} from './series-items.ts';

const NO_SERIES: MeetingSeries = { series: null, previous: null, openItems: [], likelyDone: [] };

/** 'Ada Lovelace, Grace Hopper and 3 others': the first three, then a count. */
function peopleName(people: string[]): string {
  if (people.length <= 3) return people.join(', ');
  return `${people.slice(0, 3).join(', ')} and ${people.length - 3} others`;
}

/** How the series is named: the event's title, else its people. */
function seriesName(kind: SeriesKind, meeting: SeriesMeeting): string {
  if (kind === 'event') return meeting.calendarEventTitle?.trim() || 'Recurring meeting';
  if (kind === 'people') {
    const attendees = (meeting.calendarEventAttendees ?? []).map(
      (a) => a.name?.trim() || a.email.split('@')[0]!,
    );
    return peopleName([...new Set(attendees)]);
  }
  const names = Object.keys(meeting.speakerNames).map((l) => speakerName(l, meeting.speakerNames));
  return peopleName([...new Set(names)].sort((a, b) => a.localeCompare(b)));
}

/**
 * The series of one of the user's meetings, or `{series: null}` with empty lists when it belongs
 * to none (no recurring event, fewer than two attendees and fewer than two named speakers).
 * `previous` is the latest meeting of the series dated before this one; `openItems` the open
 * action items of all earlier meetings of the series (at most 30); `likelyDone` those this
 * meeting's processing suggested are done and nobody has confirmed or dismissed.
 * @throws NotFoundError when the meeting is not the user's
 */
export async function getMeetingSeries(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<MeetingSeries> {
  const meeting = await readSeriesMeeting(db, userId, meetingId);
  const key = meeting.seriesKey;
  if (!key) return NO_SERIES;
  const kind = key.slice(0, key.indexOf(':')) as SeriesKind;
  const inSeries = and(eq(meetings.userId, userId), eq(meetings.seriesKey, key));

  const [members, [total], [previous], openItems, stillOpen] = await Promise.all([
    db
      .select({ id: meetings.id })
      .from(meetings)
      .where(inSeries)
      .orderBy(desc(meetings.date))
      .limit(CHAT_CONTEXT_MAX_MEETINGS),
    db.select({ n: count() }).from(meetings).where(inSeries),
    db
      .select({
        id: meetings.id,
        title: meetings.title,
        date: meetings.date,
        summary: meetings.summary,
        names: meetings.speakerNames,
      })
      .from(meetings)
      .where(and(inSeries, lt(meetings.date, meeting.date)))
      .orderBy(desc(meetings.date))
      .limit(1),
    openItemsBefore(db, userId, key, meeting.date),
    openItemsByIds(
      db,
      userId,
      meeting.likelyDone.map((d) => d.todoId),
    ),
  ]);

  const notes = previous ? await readNotesMarkdown(db, userId, [previous.id]) : new Map();
  const summary = previous?.summary
    ? applySpeakerNames(previous.summary, readSpeakerNames(previous.names))
    : null;
  return {
    series: {
      kind,
      name: seriesName(kind, meeting),
      meetingCount: total?.n ?? members.length,
      meetingIds: members.map((m) => m.id),
    },
    previous: previous
      ? {
          id: previous.id,
          title: previous.title,
          date: previous.date.toISOString(),
          overview: summaryOverview(summary),
          decisions: summaryDecisions(summary),
          notes: notes.get(previous.id) ?? null,
        }
      : null,
    openItems,
    likelyDone: meeting.likelyDone.flatMap((d) => {
      const item = stillOpen.get(d.todoId);
      return item ? [{ ...item, evidence: d.evidence, position: d.position }] : [];
    }),
  };
}
