/**
 * Durable job definitions (dotted ids). Handlers are registered by the issues that build them;
 * the queues exist from the first start so jobs can be enqueued by any process.
 */

/** Every queue Summy uses, with pg-boss queue options. */
export const JOB_QUEUES = {
  /** Transcribe, title, speakers, summary, action items, save (spec 000 section 4). */
  'meeting.process': {
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
  },
} as const;

/** A queue name. */
export type JobName = keyof typeof JOB_QUEUES;
