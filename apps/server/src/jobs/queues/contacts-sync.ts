/**
 * `contacts.sync` and `contacts.sync-all`: one user's contacts sync, keyed by `singletonKey` =
 * user id ('stately': one queued and one active job per user, so a request while one waits is
 * dropped and two never run at once for the same user), and the 30-minute schedule's fan-out to
 * every user with a connected Google account. Neither runs without Google configured.
 */
import type { AppDeps } from '../../deps.ts';
import {
  CONTACTS_SYNC_CRON,
  enqueueContactsSyncForAll,
} from '../../services/contacts/enqueue-contacts-sync.ts';
import { runContactsSync } from '../../services/contacts/run-contacts-sync.ts';
import { log } from '../../log.ts';
import { CONTACTS_SYNC, CONTACTS_SYNC_ALL } from '../payloads.ts';
import { defineQueue } from '../queue.ts';

type ContactsDeps = Pick<AppDeps, 'env' | 'database' | 'auth' | 'jobs'>;

const googleConfigured = (deps: ContactsDeps) => deps.env.google !== undefined;

/** One user's sync; skipped without a Google token. */
export const contactsSyncQueue = defineQueue({
  ...CONTACTS_SYNC,
  options: {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    // 50 enrichments 200 ms apart plus directory batches: minutes at most, even for large lists.
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  // One sync at a time per process: each is a few hundred paced Google calls at most.
  kind: 'contacts',
  work: { localConcurrency: 1, pollingIntervalSeconds: 2 },
  enabled: googleConfigured,
  async handler(deps: ContactsDeps, [job]) {
    const { userId } = job.data;
    const google = deps.env.google!;
    const { database, auth } = deps;
    const result = await runContactsSync(
      { db: database.db, auth, google, database },
      { userId, syncId: job.id },
    );
    log.info(
      { userId, ...result },
      result.skipped ? '[contacts] sync skipped, no Google token' : '[contacts] sync done',
    );
    return result;
  },
});

/**
 * Every 30 minutes (a pg-boss cron schedule): queues `contacts.sync` for every user with a
 * connected Google account. One at a time. Schedules are rows of pg-boss, so every server process
 * saying the same is idempotent and one of them queues each occurrence.
 */
export const contactsSyncAllQueue = defineQueue({
  ...CONTACTS_SYNC_ALL,
  options: {
    policy: 'stately',
    retryLimit: 1,
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  work: { pollingIntervalSeconds: 5 },
  enabled: googleConfigured,
  schedule: { cron: CONTACTS_SYNC_CRON, data: {} },
  handler: async (deps: ContactsDeps) => ({
    queued: await enqueueContactsSyncForAll(deps.database.db, deps.jobs),
  }),
});
