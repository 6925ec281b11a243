/**
 * Reading a meeting's series: its key, its earlier meetings' open action items and the likely-done
 * suggestions stored on it. Shared by 'Last time' (get-meeting-series.ts) and the pipeline, which
 * looks for the open items a new meeting resolves (find-series-follow-up.ts).
 */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { applySpeakerNames, type CarriedItem, type SpeakerNames } from '@summy/core';
import { meetings, todos, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { readSpeakerNames } from '../meetings/to-meeting.ts';

/** Open items carried into a meeting, at most: older ones stay on the to-do list. */
export const CARRIED_ITEMS_LIMIT = 30;

/** A stored likely-done suggestion (`meetings.likely_done`). */
export interface StoredLikelyDone {
  todoId: string;
  evidence: string;
  position: number | null;
}

/** The series fields of one of the user's meetings. */
export interface SeriesMeeting {
  id: string;
  date: Date;
  seriesKey: string | null;
  calendarEventTitle: string | null;
  calendarEventAttendees: { email: string; name?: string | null }[] | null;
  speakerNames: SpeakerNames;
  likelyDone: StoredLikelyDone[];
}

/**
 * The series fields of one of the user's meetings.
 * @throws NotFoundError when the meeting is not the user's
 */
export async function readSeriesMeeting(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<SeriesMeeting> {
  const [row] = await db
    .select({
      id: meetings.id,
      date: meetings.date,
      seriesKey: meetings.seriesKey,
      calendarEventTitle: meetings.calendarEventTitle,
      calendarEventAttendees: meetings.calendarEventAttendees,
      speakerNames: meetings.speakerNames,
      likelyDone: meetings.likelyDone,
    })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
  if (!row) throw new NotFoundError('Meeting');
  return {
    ...row,
    speakerNames: readSpeakerNames(row.speakerNames),
    likelyDone: readLikelyDone(row.likelyDone),
  };
}

/** Stored suggestions as written, anything malformed left out. */
export function readLikelyDone(value: unknown): StoredLikelyDone[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is StoredLikelyDone =>
      typeof v?.todoId === 'string' &&
      typeof v.evidence === 'string' &&
      (v.position === null || Number.isInteger(v.position)),
  );
}

/** The items' owners as their meetings show them: a label the user named reads as the name. */
function ownerShown(assignedTo: string | null, names: unknown): string | null {
  return assignedTo ? applySpeakerNames(assignedTo, readSpeakerNames(names)) : null;
}

const itemColumns = {
  id: todos.id,
  title: todos.title,
  assignedTo: todos.assignedTo,
  meetingId: meetings.id,
  meetingTitle: meetings.title,
  meetingDate: meetings.date,
  names: meetings.speakerNames,
};

function toCarried(row: {
  id: string;
  title: string;
  assignedTo: string | null;
  meetingId: string;
  meetingTitle: string;
  meetingDate: Date;
  names: unknown;
}): CarriedItem {
  return {
    id: row.id,
    title: row.title,
    assignedTo: ownerShown(row.assignedTo, row.names),
    meetingId: row.meetingId,
    meetingTitle: row.meetingTitle,
    meetingDate: row.meetingDate.toISOString(),
  };
}

/**
 * The open action items of the series' meetings dated before `before`, newest meeting first, in
 * each meeting's order; at most {@link CARRIED_ITEMS_LIMIT}. Items without a title are left out.
 */
export async function openItemsBefore(
  db: Database,
  userId: string,
  seriesKey: string,
  before: Date,
): Promise<CarriedItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(todos)
    .innerJoin(meetings, eq(todos.meetingId, meetings.id))
    .where(
      and(
        eq(meetings.userId, userId),
        eq(todos.userId, userId),
        eq(meetings.seriesKey, seriesKey),
        lt(meetings.date, before),
        eq(todos.completed, false),
        sql`${todos.title} <> ''`,
      ),
    )
    .orderBy(desc(meetings.date), asc(todos.createdAt))
    .limit(CARRIED_ITEMS_LIMIT);
  return rows.map(toCarried);
}

/** The still-open to-dos of `todoIds`, with their meetings; the user's only. */
export async function openItemsByIds(
  db: Database,
  userId: string,
  todoIds: string[],
): Promise<Map<string, CarriedItem>> {
  if (todoIds.length === 0) return new Map();
  const rows = await db
    .select(itemColumns)
    .from(todos)
    .innerJoin(meetings, eq(todos.meetingId, meetings.id))
    .where(and(eq(todos.userId, userId), inArray(todos.id, todoIds), eq(todos.completed, false)));
  return new Map(rows.map((r) => [r.id, toCarried(r)]));
}
