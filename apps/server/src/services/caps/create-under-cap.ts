/**
 * Per-user caps on how many rows of a kind a user may hold (API keys, webhooks). A count and then
 * an insert in separate statements let concurrent creates all see room and all insert: 40 at
 * once through two web processes left 26 API keys against a cap of 20. Here the count and the
 * insert run in one transaction under the user's advisory lock for that kind, so creates of one
 * user and kind take turns across connections and processes; other users and kinds do not wait.
 * PGlite has the same lock (it runs one transaction at a time anyway).
 */
import { count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@summy/db';
import { ValidationError } from '../../errors/app-errors.ts';

/** A per-user cap: the table counted, its owner column, the most allowed and the refusal. */
export interface UserCap {
  /** Names the lock: rows of one kind share it (e.g. 'api_keys'). */
  kind: string;
  table: PgTable;
  userId: PgColumn;
  max: number;
  /** The 400 answer's message at the cap, in plain words. */
  message: string;
}

/**
 * Runs `insert` inside a transaction that holds the user's lock for `cap.kind` and has counted
 * fewer than `cap.max` of the user's rows; the insert's result is returned.
 * @throws ValidationError 400 with `cap.message` when the user holds `cap.max` rows already
 */
export async function createUnderCap<T>(
  db: Database,
  cap: UserCap,
  userId: string,
  insert: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${cap.kind}:${userId}`}))`);
    const [held] = await tx.select({ n: count() }).from(cap.table).where(eq(cap.userId, userId));
    if ((held?.n ?? 0) >= cap.max) throw new ValidationError(cap.message);
    return insert(tx);
  });
}
