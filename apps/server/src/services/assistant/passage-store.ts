/**
 * Writes and removes a meeting's search passages (meeting_passages) together with the user's
 * lexeme counts (search_lexemes), in bounded statements (a 23 MB transcript once
 * indexed in one statement failed after 38 s and stalled every other request for 39 s).
 *
 * Each statement carries at most {@link BATCH_ROWS} passages, {@link BATCH_CHARS} characters and
 * {@link BATCH_WORDS} distinct words, and updates the counts in the same statement (a data-modifying CTE), so passages and counts
 * always agree even between statements. PGlite has one connection (on its own thread,
 * docs/decisions/041-pglite-on-a-worker-thread.md) and any open transaction holds it, so there
 * the statements run outside a transaction and other requests' statements are served between
 * them; a meeting's passages are changed by one task at a time in this process (PGlite has a
 * single process). On PostgreSQL they run in one transaction holding the meeting's row lock,
 * which also keeps other processes out, while other connections serve the requests.
 */
import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import { is, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from '@summy/db';
import type { MeetingPassage } from './meeting-passages.ts';
import { queryRows } from './search-passages.ts';

/**
 * Most passages per statement. Each row costs its insert, its GIN entries and its lexeme counts:
 * on PGlite about 0.5 ms of CPU for a short transcript turn (measured), so 100 rows hold
 * PGlite's one connection some 50 ms.
 */
export const BATCH_ROWS = 100;

/**
 * Most passage characters per statement: `to_tsvector` over PGlite costs about 0.7 s of CPU per
 * MB of text (measured), so 128 kB (32 passages of 4,000 characters) hold PGlite's one
 * connection about 0.1 s.
 */
export const BATCH_CHARS = 128 * 1024;

/** The handle `withMeetingPassages` gives its callback. */
export interface PassageWriter {
  /** The database or the open transaction (PostgreSQL). */
  exec: Database;
  /**
   * Between two statements. On PGlite: merges the GIN index's pending list (`gin_clean_pending_list`,
   * PostgreSQL 'GIN Fast Update Technique'), which would otherwise be merged inside some later
   * insert once it reaches 4 MB, a 15 s stall after 1.5 MB of distinct words (measured); then
   * rests or yields (see `share`). At once on PostgreSQL, where the work holds no shared connection.
   */
  pause(): Promise<void>;
}

/** True when the database is the embedded PGlite (one connection, one process). */
export function isEmbedded(db: Database): boolean {
  return is(db, PgliteDatabase);
}

// One writer per meeting at a time in this process (PGlite: the only process).
const writers = new Map<string, Promise<unknown>>();

async function exclusively<T>(meetingId: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    const running = writers.get(meetingId);
    if (!running) break;
    await running.catch(() => undefined);
  }
  const mine = fn();
  writers.set(meetingId, mine);
  try {
    return await mine;
  } finally {
    if (writers.get(meetingId) === mine) writers.delete(meetingId);
  }
}

/** Longest rest between two statements of a background writer on PGlite, milliseconds. */
const MAX_REST_MS = 1000;

/**
 * Runs `fn` as the only writer of the meeting's passages: on PostgreSQL inside a transaction that
 * holds the meeting's row lock (`select … for update`, other processes wait), on PGlite under an
 * in-process lock with statements outside any transaction. `fn` receives the meeting's row as
 * locked (`undefined` when it does not exist).
 * @param meetingId the meeting (not checked for ownership here)
 * @param share on PGlite, the part of its one connection's time the writer may take
 *   (0 < share <= 1): each `pause()` rests in proportion to the time worked since the last one,
 *   so background indexing leaves the database to requests in between (1: only yields, as a
 *   request's own write does)
 */
export async function withMeetingPassages<T>(
  db: Database,
  meetingId: string,
  fn: (
    writer: PassageWriter,
    meeting: { userId: string; fresh: boolean } | undefined,
  ) => Promise<T>,
  { share = 1 }: { share?: number } = {},
): Promise<T> {
  const lock = (exec: Pick<Database, 'execute'>) =>
    queryRows<{ userId: string; fresh: boolean }>(
      exec,
      sql`select user_id as "userId",
            search_indexed_at is not null and search_indexed_at >= updated_at as fresh
          from meetings where id = ${meetingId} for update`,
    ).then((rows) => rows[0]);
  if (isEmbedded(db)) {
    let worked = performance.now();
    const pause = async () => {
      await db.execute(sql`select gin_clean_pending_list('meeting_passages_search_idx'::regclass)`);
      const restMs = share < 1 ? ((performance.now() - worked) * (1 - share)) / share : 0;
      if (restMs > 0) await sleep(Math.min(restMs, MAX_REST_MS));
      else await yieldToEventLoop();
      worked = performance.now();
    };
    return exclusively(meetingId, async () => fn({ exec: db, pause }, await lock(db)));
  }
  return db.transaction(async (tx) =>
    fn({ exec: tx as unknown as Database, pause: async () => undefined }, await lock(tx)),
  );
}

/**
 * Most distinct words per statement, summed over its passages. Each is an upsert of the user's
 * lexeme counts: 1.5 MB of distinct codes (the shape of the issue's paste) cost 0.43 s of CPU per
 * 19,000 on PGlite (measured), so 5,000 hold PGlite's one connection about 0.1 s.
 */
export const BATCH_WORDS = 5000;

// Distinct whitespace-separated words: what `to_tsvector` will make lexemes of, roughly.
function distinctWords(text: string): number {
  return new Set(text.toLowerCase().split(/\s+/)).size;
}

/**
 * Splits passages into statements of at most {@link BATCH_ROWS} rows, {@link BATCH_CHARS}
 * characters and {@link BATCH_WORDS} distinct words; lazily, so the counting is spread over the
 * statements too.
 */
export function* passageBatches<P extends { content: string }>(
  passages: readonly P[],
): Generator<P[]> {
  let batch: P[] = [];
  let chars = 0;
  let words = 0;
  for (const p of passages) {
    const w = distinctWords(p.content);
    if (
      batch.length > 0 &&
      (batch.length >= BATCH_ROWS ||
        chars + p.content.length > BATCH_CHARS ||
        words + w > BATCH_WORDS)
    ) {
      yield batch;
      batch = [];
      chars = 0;
      words = 0;
    }
    batch.push(p);
    chars += p.content.length;
    words += w;
  }
  if (batch.length > 0) yield batch;
}

// Adds `sign` × (passages holding each lexeme) of the rows of CTE `rows` to the user's counts;
// the empty lexeme counts the passages. Answers the lexemes whose count fell to 0 or below.
const countLexemes = (userId: string, sign: 1 | -1) => sql`
  insert into search_lexemes (user_id, lexeme, passages)
  select ${userId}, lexeme, ${sign}::int * count(*)::int from (
    select unnest(tsvector_to_array(search)) as lexeme from rows
    union all
    select '' from rows
  ) l group by lexeme
  on conflict (user_id, lexeme) do update set passages = search_lexemes.passages + excluded.passages
  returning lexeme, passages`;

/**
 * Inserts one batch of passages (from {@link passageBatches}) and adds them to the user's lexeme
 * counts, in one statement.
 * @throws the driver's error 23503 (foreign key) when the meeting has been deleted meanwhile
 */
export async function insertPassageBatch(
  exec: Pick<Database, 'execute'>,
  userId: string,
  meetingId: string,
  batch: readonly MeetingPassage[],
): Promise<void> {
  if (batch.length === 0) return;
  const values = batch.map(
    (p) =>
      sql`(${userId}, ${meetingId}::uuid, ${p.section}, ${p.position}::int, ${p.speaker}, ${p.startSeconds}::float8, ${p.content})`,
  );
  await exec.execute(sql`
    with rows as (
      insert into meeting_passages (user_id, meeting_id, section, position, speaker, start_seconds, content)
      values ${sql.join(values, sql`, `)}
      returning search),
    counted as (${countLexemes(userId, 1)})
    select 1`);
}

/**
 * Removes every passage of a meeting with their lexeme counts, at most {@link BATCH_ROWS} per
 * statement and about {@link BATCH_WORDS} lexeme counts, then the user's lexemes no passage holds
 * any more (they are words of the removed text).
 * @param pause called between statements
 */
export async function removeMeetingPassages(
  exec: Pick<Database, 'execute'>,
  userId: string,
  meetingId: string,
  pause: () => Promise<void> = async () => undefined,
): Promise<void> {
  const emptied = new Set<string>();
  // Rows per statement, adapted so each touches about BATCH_WORDS lexeme counts (the stored
  // passages' sizes are not known before reading them).
  let limit = 10;
  for (;;) {
    const rows = await queryRows<{
      lexeme: string | null;
      n: number;
      touched: number;
    }>(
      exec,
      sql`
      with rows as (
        delete from meeting_passages where id in (
          select id from meeting_passages where meeting_id = ${meetingId} limit ${limit})
        returning search),
      counted as (${countLexemes(userId, -1)})
      select c.lexeme, (select count(*)::int from rows) as n,
        (select count(*)::int from counted) as touched
      from (select 1) one left join counted c on c.passages <= 0`,
    );
    for (const r of rows) if (r.lexeme !== null) emptied.add(r.lexeme);
    const n = rows[0]?.n ?? 0;
    if (n < limit) break;
    const touched = Math.max(1, rows[0]?.touched ?? 1);
    limit = Math.max(1, Math.min(BATCH_ROWS, Math.floor((limit * BATCH_WORDS) / touched)));
    await pause();
  }
  const lexemes = [...emptied];
  for (let i = 0; i < lexemes.length; i += 1000) {
    await exec.execute(sql`
      delete from search_lexemes where user_id = ${userId} and passages <= 0
        and lexeme in (${sql.join(
          lexemes.slice(i, i + 1000).map((l) => sql`${l}`),
          sql`, `,
        )})`);
    await pause();
  }
}
