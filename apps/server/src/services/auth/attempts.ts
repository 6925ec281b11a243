/**
 * Counters of credential attempts in the database (table `auth_attempt`), so every server on one
 * database shares them (docs/decisions/011). Each counter is a fixed window: the first attempt
 * opens it for `windowSeconds`, and it allows `max` attempts until it ends. Time is the database's
 * `now()`, so servers with skewed clocks still agree.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@summy/db';

/** One counter to take an attempt from. */
export interface AttemptRule {
  /** Counter key, e.g. 'fail:addr:203.0.113.9' (at most a few hundred characters). */
  key: string;
  /** Attempts allowed in one window. */
  max: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

/** The outcome of {@link takeAttempt}. */
export type AttemptDecision =
  | { allowed: true }
  /** `retryAfterSeconds`: whole seconds until the longest-blocking counter's window ends (>= 1). */
  | { allowed: false; retryAfterSeconds: number };

const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<object, number>();

/**
 * Counts one attempt on every rule's counter in one atomic statement; when any counter is over
 * its `max`, the attempt is taken back from all of them (a refused attempt is not an attempt)
 * and the answer says how long to wait.
 */
export async function takeAttempt(db: Database, rules: AttemptRule[]): Promise<AttemptDecision> {
  if (rules.length === 0) return { allowed: true };
  await pruneNowAndThen(db);
  // Sorted, so concurrent statements lock rows in one order and cannot deadlock.
  const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const values = sql.join(
    sorted.map((r) => sql`(${r.key}, 1, now() + ${r.windowSeconds}::int * interval '1 second')`),
    sql`, `,
  );
  const result = await db.execute(
    sql`
      INSERT INTO auth_attempt (key, count, reset_at) VALUES ${values}
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN auth_attempt.reset_at <= now() THEN 1 ELSE auth_attempt.count + 1 END,
        reset_at = CASE WHEN auth_attempt.reset_at <= now() THEN excluded.reset_at
                        ELSE auth_attempt.reset_at END
      RETURNING key, count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`,
  );
  // Both drivers (PGlite, node-postgres) answer `{ rows }`.
  const rows = (
    result as unknown as { rows: { key: string; count: number; retry_after: number }[] }
  ).rows;
  const maxOf = new Map(sorted.map((r) => [r.key, r.max]));
  const over = rows.filter((row) => Number(row.count) > maxOf.get(row.key)!);
  if (over.length === 0) return { allowed: true };
  await refundAttempt(
    db,
    sorted.map((r) => r.key),
  );
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, ...over.map((row) => Number(row.retry_after))),
  };
}

/** Takes one attempt back from each counter still in its window (a success is not a failure). */
export async function refundAttempt(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    UPDATE auth_attempt SET count = count - 1
    WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) AND count > 0 AND reset_at > now()`);
}

// Ended windows are dead rows; drop them at most once a minute per process and database.
async function pruneNowAndThen(db: Database): Promise<void> {
  const now = Date.now();
  if (now - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now);
  await db.execute(sql`DELETE FROM auth_attempt WHERE reset_at < now()`);
}
