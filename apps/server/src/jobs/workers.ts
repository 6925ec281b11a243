/**
 * Registers the job workers of this process. Every server process works jobs, so a job enqueued
 * by one server can run on another; a job of a killed server is retried by the survivors or by
 * the same server after restart.
 */
import type { Job, JobWithMetadata } from 'pg-boss';
import { log } from '../log.ts';
import { abandonMeeting, processMeeting, type PipelineDeps } from '../pipeline/process-meeting.ts';
import {
  failSummary,
  regenerateSummary,
  type SummaryJob,
  type SummaryJobDeps,
} from '../pipeline/regenerate-summary.ts';
import type { ToolResolver } from '../pipeline/tools.ts';
import type { TextModel } from '../providers/llm/types.ts';
import {
  CONTACTS_SYNC_ALL_QUEUE,
  CONTACTS_SYNC_CRON,
  CONTACTS_SYNC_QUEUE,
  enqueueContactsSyncForAll,
  type ContactsSyncJob,
} from '../services/contacts/enqueue-contacts-sync.ts';
import { runContactsSync } from '../services/contacts/run-contacts-sync.ts';
import type { ContactSyncResult } from '../services/contacts/sync-contacts.ts';
import type { AppDeps } from '../deps.ts';
import type { MeetingProcessJob } from '../services/processing/enqueue-meeting-processing.ts';
import type { Jobs } from './boss.ts';

/** Starts the `meeting.process` worker (one job at a time per process: STT uses both cores). */
export async function startMeetingWorker(
  jobs: Jobs,
  deps: PipelineDeps,
  resolveTools: ToolResolver,
): Promise<void> {
  await jobs.boss.work(
    'meeting.process',
    { includeMetadata: true, localConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]: JobWithMetadata<MeetingProcessJob>[]) => {
      if (!job) return;
      try {
        return {
          outcome: await processMeeting(deps, job.data, await resolveTools(job.data), job.signal),
        };
      } catch (err) {
        // Out of retries: clear the flags and tell the user, keeping the audio.
        if (job.retryCount >= job.retryLimit) await abandonMeeting(deps, job.data);
        throw err;
      }
    },
  );
}

/** Chooses the text model of a `meeting.summarize` job (tests pass scripted ones). */
export type SummaryModelResolver = (job: SummaryJob) => TextModel | Promise<TextModel>;

/**
 * Starts the `meeting.summarize` worker (issue 15 point 4): {@link regenerateSummary} with the
 * job's model; out of retries, the meeting keeps its old summary with the error recorded. Two
 * jobs at a time per process but one per user (jobs are grouped by user id; pg-boss's
 * `groupConcurrency` counts active jobs across all servers): a user with several queued
 * regenerations does not hold both slots while another user's summary waits
 * (docs/decisions/036-heavy-work-off-the-request-path.md).
 */
export async function startSummaryWorker(
  jobs: Jobs,
  deps: SummaryJobDeps,
  resolveModel: SummaryModelResolver,
): Promise<void> {
  await jobs.boss.work(
    'meeting.summarize',
    { includeMetadata: true, localConcurrency: 2, groupConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]: JobWithMetadata<SummaryJob>[]) => {
      if (!job) return;
      try {
        const model = await resolveModel(job.data);
        return { outcome: await regenerateSummary(deps, job.data, model, job.signal) };
      } catch (err) {
        if (job.retryCount >= job.retryLimit) {
          await failSummary(
            deps,
            job.data,
            `Summary generation failed: ${(err as Error)?.message ?? String(err)}`,
          ).catch(() => undefined);
        }
        throw err;
      }
    },
  );
}

/**
 * Starts the contacts workers and the 30-minute schedule (issue 13 point 8): `contacts.sync-all`
 * queues a `contacts.sync` per connected user; each runs {@link runContactsSync}, skipped without a
 * Google token. Without Google configured nothing starts. Schedules are rows of pg-boss, so every
 * server process saying the same is idempotent and one of them queues each occurrence.
 */
export async function startContactsWorkers(deps: AppDeps): Promise<void> {
  const { google } = deps.env;
  if (!google) return;
  const { db } = deps.database;
  await deps.jobs.boss.schedule(CONTACTS_SYNC_ALL_QUEUE, CONTACTS_SYNC_CRON, {});
  await deps.jobs.boss.work(CONTACTS_SYNC_ALL_QUEUE, { pollingIntervalSeconds: 5 }, async () => ({
    queued: await enqueueContactsSyncForAll(db, deps.jobs),
  }));
  // One sync at a time per process: each is a few hundred paced Google calls at most.
  await deps.jobs.boss.work(
    CONTACTS_SYNC_QUEUE,
    { localConcurrency: 1, pollingIntervalSeconds: 2 },
    async ([job]: Job<ContactsSyncJob>[]): Promise<ContactSyncResult | undefined> => {
      if (!job) return undefined;
      const result = await runContactsSync(
        { db, auth: deps.auth, google, database: deps.database },
        job.data.userId,
      );
      log.info(
        `[contacts] sync of user ${job.data.userId}: ${result.skipped ? 'skipped, no Google token' : `${result.saved} saved (${result.added} new), ${result.failed} failed, ${result.enriched} enriched`}`,
      );
      return result;
    },
  );
}
