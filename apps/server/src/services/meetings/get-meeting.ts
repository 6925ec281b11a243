import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { Meeting } from '@summy/core';
import { meetings, todos, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { keyFromAudioUrl, type Storage } from '../../storage/types.ts';
import type { MeetingListCache } from './meeting-list-cache.ts';
import { meetingViewColumns, playbackKey, toMeeting } from './to-meeting.ts';

type TodoRow = Omit<typeof todos.$inferSelect, 'search'>;

/** The to-do columns an answer shows: all but the search vector. */
const todoColumns = Object.entries(getTableColumns(todos)).filter(([key]) => key !== 'search');

/**
 * A to-do row as `json_agg` answers it (database column names, timestamps as text) in drizzle's
 * shape, through each column's own driver mapping.
 */
function todoFromJson(json: Record<string, unknown>): TodoRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of todoColumns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TodoRow;
}

/**
 * The meeting's shown columns and its action items in one round trip, prepared once per database
 * handle. Under load the route's CPU went to building the query of every column anew (drizzle's
 * column walk, a fifth) and to the socket writes of two queries (a quarter): a prepared statement
 * is built once and spares PostgreSQL the parse on each pooled connection that has run it, and the
 * items come as a JSON array column of the same row.
 */
function prepareRead(db: Database) {
  // Written out qualified: drizzle leaves a select list's columns bare, and a bare "id" inside the
  // subquery would name the to-do's own.
  const outer = (column: string) => sql.raw(`"${getTableName(meetings)}"."${column}"`);
  const fields = sql.join(
    todoColumns.map(([, c]) => sql`${sql.raw(`'${c.name}'`)}, t.${sql.identifier(c.name)}`),
    sql`, `,
  );
  const items = sql<
    Record<string, unknown>[]
  >`coalesce((select json_agg(json_build_object(${fields}) order by t.created_at) from ${todos} t where t.meeting_id = ${outer(meetings.id.name)} and t.user_id = ${outer(meetings.userId.name)}), '[]'::json)`;
  return db
    .select({ ...meetingViewColumns, items })
    .from(meetings)
    .where(
      and(eq(meetings.id, sql.placeholder('id')), eq(meetings.userId, sql.placeholder('userId'))),
    )
    .prepare('summy_get_meeting');
}
const prepared = new WeakMap<Database, ReturnType<typeof prepareRead>>();

/**
 * One of the user's meetings with its action items (oldest first), in the app's shape. With
 * `storage`, a stored recording's `audioUrl` is answered as a signed URL valid one hour.
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function getMeeting(
  db: Database,
  userId: string,
  id: string,
  storage?: Pick<Storage, 'signedUrl'>,
): Promise<Meeting> {
  let read = prepared.get(db);
  if (!read) prepared.set(db, (read = prepareRead(db)));
  const [found] = await read.execute({ id, userId });
  if (!found) throw new NotFoundError('Meeting');
  const { items, ...row } = found;
  const meeting = toMeeting(row, items.map(todoFromJson));
  const key = storage && row.audioUrl ? keyFromAudioUrl(row.audioUrl) : undefined;
  if (storage && key) meeting.audioUrl = await storage.signedUrl(playbackKey(key, row.summaryData));
  return meeting;
}

/** How long a kept meeting answer lives, in ms: its signed audio URL, valid one hour, keeps 50 minutes. */
export const MEETING_ANSWER_MAX_AGE_MS = 10 * 60_000;

/**
 * {@link getMeeting} as the JSON `GET /api/meetings/{id}` answers, in UTF-8 bytes, from this
 * process's cache while
 * neither the user's meetings nor their to-dos changed, for at most
 * {@link MEETING_ANSWER_MAX_AGE_MS} (a cache made with those `tables` and `maxAgeMs`,
 * meeting-list-cache.ts). The web app re-reads an open meeting on every change and on a timer
 * while it is processed, from every tab.
 * @throws NotFoundError as getMeeting (a miss is never kept)
 */
export async function getMeetingJson(
  db: Database,
  cache: MeetingListCache | undefined,
  userId: string,
  id: string,
  storage?: Pick<Storage, 'signedUrl'>,
): Promise<Buffer<ArrayBuffer>> {
  const compute = async () => JSON.stringify(await getMeeting(db, userId, id, storage));
  return cache ? cache.load(userId, `meeting:${id}`, compute) : Buffer.from(await compute());
}
