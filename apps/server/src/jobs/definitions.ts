/**
 * Durable job definitions (dotted ids) with their pg-boss queue options. The queues exist from the
 * first start so jobs can be enqueued by any process; workers are registered in jobs/workers.ts.
 */

/** Every queue Summy uses, with pg-boss queue options. */
export const JOB_QUEUES = {
  /**
   * Transcribe, title, speakers, summary, action items, save (spec 000 section 4). Workers send
   * heartbeats; a job whose server died is retried once `heartbeatSeconds` pass without one.
   */
  'meeting.process': {
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 10,
  },
  /**
   * Re-summarise a meeting's stored transcript with a chosen model and template
   * (`POST /api/meetings/:id/summary`, issue 15 point 4; pipeline/regenerate-summary.ts). A
   * vendor failure is recorded on the meeting, not retried (the AI SDK already retried 429 and
   * 5xx); a retry is for a crashed server or a lost database.
   */
  'meeting.summarize': {
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: true,
    // A long transcript on a slow local model: the text model's own limit is 5 minutes a call.
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 10,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  /** `POST /api/start` transcription jobs (services/transcription/transcription-job.ts). */
  'transcription.run': {
    retryLimit: 1,
    retryDelay: 5,
    // Above the job's own 15-minute time-out so that one fires first with a clear error.
    expireInSeconds: 15 * 60 + 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  /**
   * One user's contacts sync (services/contacts/sync-contacts.ts; issue 13 point 8), keyed by
   * `singletonKey` = user id: 'stately' allows one queued and one active job per user, so a
   * request while one waits is dropped and two never run at once for the same user.
   */
  'contacts.sync': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    // 50 enrichments 200 ms apart plus directory batches: minutes at most, even for large lists.
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  /**
   * Every 30 minutes (a pg-boss cron schedule, spec 001 section 9 "Contact sync interval"): queues
   * `contacts.sync` for every user with a connected Google account. One at a time.
   */
  'contacts.sync-all': {
    policy: 'stately',
    retryLimit: 1,
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  /**
   * Rebuild one user's stale search passages (services/chat/search-index-job.ts), keyed by
   * `singletonKey` = user id: 'stately' keeps one queued and one running per user, so a burst of
   * meeting writes queues one rebuild, and a write during a rebuild queues exactly one more.
   */
  'search.index': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    // Thousands of long meetings after an import: minutes, in bounded statements.
    expireInSeconds: 60 * 60,
    deleteAfterSeconds: 60 * 60,
  },
} as const;

/** A queue name. */
export type JobName = keyof typeof JOB_QUEUES;
