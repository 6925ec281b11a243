/**
 * The reference side of the API benchmark: the SQL the meeting routes run, sent straight to the
 * database through `DatabaseHandle.query`. The statements mirror what Drizzle generates in
 * apps/server/src/services/meetings (list-meetings.ts, get-meeting.ts), so HTTP latency divided
 * by this latency is the cost of everything above the database: session check, Drizzle's row
 * mapping, JSON, Hono and the loopback socket.
 */
import type { DatabaseHandle } from '@summy/db';

const LIST_SELECT = `select "id", "title", "date", "duration", "user_id", "is_recording", "is_processing"
  from "meetings"`;

/**
 * SQL and parameters of one page of the meeting list (fetches `limit + 1` rows, like the service).
 * `date desc, id desc` is NULLS FIRST in PostgreSQL, the order of `meetings_user_date_idx`.
 */
export function listQuery(
  userId: string,
  limit: number,
  after?: { date: string; id: string },
): { text: string; params: unknown[] } {
  const orderBy = `order by "meetings"."date" desc, "meetings"."id" desc`;
  if (!after) {
    return {
      text: `${LIST_SELECT} where "meetings"."user_id" = $1 ${orderBy} limit $2`,
      params: [userId, limit + 1],
    };
  }
  return {
    text: `${LIST_SELECT} where ("meetings"."user_id" = $1
        and ("meetings"."date", "meetings"."id") < ($2::timestamptz, $3::uuid)) ${orderBy} limit $4`,
    params: [userId, after.date, after.id, limit + 1],
  };
}

/** The meeting row of the detail route (every column, as Drizzle's `select()` asks for). */
export function meetingRowQuery(userId: string, id: string): { text: string; params: unknown[] } {
  return {
    text: `select * from "meetings" where ("meetings"."id" = $1 and "meetings"."user_id" = $2)`,
    params: [id, userId],
  };
}

/** The action items of the detail route, oldest first. */
export function meetingTodosQuery(userId: string, id: string): { text: string; params: unknown[] } {
  return {
    text: `select * from "todos" where ("todos"."meeting_id" = $1 and "todos"."user_id" = $2)
      order by "todos"."created_at" asc`,
    params: [id, userId],
  };
}

/**
 * Decodes the list's `nextCursor` (base64url of `ISO date|uuid`, see list-meetings.ts) so the
 * direct query can continue from the same row as the HTTP request.
 */
export function decodeCursor(cursor: string): { date: string; id: string } {
  const [date, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!date || !id) throw new Error(`Unexpected cursor format: ${cursor}`);
  return { date, id };
}

/** Runs one list page directly; resolves to the number of rows. */
export async function directList(
  database: DatabaseHandle,
  userId: string,
  limit: number,
  after?: { date: string; id: string },
): Promise<number> {
  const q = listQuery(userId, limit, after);
  return (await database.query(q.text, q.params)).length;
}

/**
 * Runs the detail's two statements one after the other, as the service does (the second needs
 * the first to have found the meeting).
 * @throws Error when the meeting is missing, so a wrong id cannot pass for a fast lookup
 */
export async function directDetail(
  database: DatabaseHandle,
  userId: string,
  id: string,
): Promise<number> {
  const m = meetingRowQuery(userId, id);
  const [row] = await database.query(m.text, m.params);
  if (!row) throw new Error(`Meeting ${id} not found`);
  const t = meetingTodosQuery(userId, id);
  return (await database.query(t.text, t.params)).length;
}

/** The plan summary of one statement under EXPLAIN ANALYZE. */
export interface PlanSummary {
  /** First plan line: the top node, e.g. `Limit (cost=…)`. */
  top: string;
  /** The plan's scans, index conditions, filtered-out rows and sort methods, trimmed. */
  scans: string[];
  planningMs: number;
  executionMs: number;
}

/**
 * EXPLAIN ANALYZE of a statement, run a few times so the figures are for a warm cache; returns
 * the last run's plan.
 */
export async function explain(
  database: DatabaseHandle,
  q: { text: string; params: unknown[] },
  runs = 3,
): Promise<PlanSummary> {
  let lines: string[] = [];
  for (let i = 0; i < runs; i++) {
    const rows = await database.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${q.text}`,
      q.params,
    );
    lines = rows.map((r) => r['QUERY PLAN']);
  }
  const time = (label: string) =>
    Number(/([\d.]+) ms/.exec(lines.find((l) => l.startsWith(label)) ?? '')?.[1] ?? NaN);
  return {
    top: (lines[0] ?? '').trim(),
    scans: lines
      .filter((l) => /Scan|Sort Method|Index Cond|Rows Removed/.test(l))
      .map((l) => l.replace(/^[\s->]+/, '').trim()),
    planningMs: time('Planning Time'),
    executionMs: time('Execution Time'),
  };
}
