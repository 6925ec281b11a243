/**
 * The search index is kept in the background
 * (docs/decisions/036-heavy-work-off-the-request-path.md): a `search.index` job per user
 * rebuilds the search passages of their changed meetings (jobs/queues/search-index.ts), so a search request never does. Jobs are queued when the database
 * announces a meeting written (the row trigger's 'summy_changes' notification, whichever process
 * or CLI wrote it), when this server starts (meetings written while no server ran), and when the
 * notification connection comes back (notifications sent meanwhile are lost).
 */
import { isNull, lt, or } from 'drizzle-orm';
import { meetings, type DatabaseHandle } from '@summy/db';
import type { Jobs } from '../../jobs/boss.ts';
import { log } from '../../log.ts';
import { CHANGES_CHANNEL } from '../../realtime/hub.ts';

/**
 * Milliseconds notifications of one user are gathered before a job is queued: processing a
 * meeting writes it many times in a few seconds, and one job covers them all.
 */
export const SEARCH_INDEX_DEBOUNCE_MS = 500;

/**
 * The part of PGlite's time a rebuild may take (PGlite has one connection, which requests share):
 * it rests as long as it worked, so requests keep half of it during a large import.
 */
export const BACKGROUND_SHARE = 0.5;

/**
 * Queues a rebuild of the user's stale search passages. A job already queued for the user covers
 * it (pg-boss answers null then); one already running is followed by this one.
 */
export async function enqueueSearchIndex(jobs: Jobs, userId: string): Promise<void> {
  await jobs.send(
    'search.index',
    { userId },
    {
      singletonKey: userId,
    },
  );
}

/** Queues a rebuild for every user with a stale meeting; resolves to how many were queued. */
export async function enqueueStaleSearchIndexes(
  database: DatabaseHandle,
  jobs: Jobs,
): Promise<number> {
  const users = await database.db
    .selectDistinct({ userId: meetings.userId })
    .from(meetings)
    .where(or(isNull(meetings.searchIndexedAt), lt(meetings.searchIndexedAt, meetings.updatedAt)));
  for (const { userId } of users) await enqueueSearchIndex(jobs, userId);
  return users.length;
}

/**
 * Starts the listeners that queue `search.index` jobs (the worker is jobs/queues/search-index.ts).
 * @returns stops the listeners and pending debounces
 */
export async function startSearchIndexing(
  database: DatabaseHandle,
  jobs: Jobs,
): Promise<() => Promise<void>> {
  const pending = new Map<string, NodeJS.Timeout>();
  const queue = (userId: string) => {
    if (pending.has(userId)) return;
    const timer = setTimeout(() => {
      pending.delete(userId);
      enqueueSearchIndex(jobs, userId).catch((err: unknown) =>
        log.warn({ err, userId }, '[search] could not queue the index rebuild'),
      );
    }, SEARCH_INDEX_DEBOUNCE_MS);
    timer.unref();
    pending.set(userId, timer);
  };
  const sweep = () =>
    void enqueueStaleSearchIndexes(database, jobs).catch((err: unknown) =>
      log.warn({ err }, '[search] could not queue the index rebuilds'),
    );
  const unlisten = await database.listen(CHANGES_CHANNEL, (payload) => {
    let note: { table?: string; op?: string; user_id?: string | null };
    try {
      note = JSON.parse(payload) as typeof note;
    } catch {
      return;
    }
    if (note.table === 'meetings' && note.op !== 'DELETE' && note.user_id) queue(note.user_id);
  });
  const stopResumed = database.onListenResumed(sweep);
  sweep();
  return async () => {
    stopResumed();
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
    await unlisten();
  };
}
