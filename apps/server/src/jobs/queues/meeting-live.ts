/**
 * `meeting.live`: the live draft transcript of one recording in progress
 * (services/live/run-live-session.ts). A job lasts as long as its recording, so this process works
 * at most LIVE_MAX_MEETINGS of them at once (kind 'live'); with SUMMY_ROLE split, the worker role
 * runs them and the web role only queues them. pg-boss heartbeats the job: a job whose process
 * died is retried, and the retry takes the session over once its heartbeat in `live_sessions` is
 * stale. A process that stops (shutdown, or the job's 24 hours) releases the session and fails
 * the job, whose retry takes it over at once.
 */
import type { AppDeps } from '../../deps.ts';
import { runLiveSession } from '../../services/live/run-live-session.ts';
import { MEETING_LIVE } from '../payloads.ts';
import { defineQueue } from '../queue.ts';

/** The queue of live sessions. */
export const meetingLiveQueue = defineQueue({
  ...MEETING_LIVE,
  options: {
    retryLimit: 3,
    retryDelay: 2,
    expireInSeconds: 24 * 60 * 60,
    heartbeatSeconds: 10,
    deleteAfterSeconds: 60 * 60,
  },
  kind: 'live',
  // Polled every half second (pg-boss's least): live text should start within a second or two.
  work: { localConcurrency: 2, pollingIntervalSeconds: 0.5 },
  async handler(deps: Pick<AppDeps, 'database' | 'env'>, [job]) {
    const result = await runLiveSession(deps, job.data, { signal: job.signal });
    // This process stops (shutdown, expiry) while the meeting records: the retry, in whichever
    // process works the queue next, takes the released session over.
    if (result === 'aborted') throw new Error('The live session stopped with its process');
    return { result };
  },
});
