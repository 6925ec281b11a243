/**
 * One durable job queue, described in one place: its name, pg-boss options, payload schema,
 * handler and what happens when a job runs out of retries. jobs/registry.ts lists them all; the
 * server and the CLI start their workers from there
 * (docs/decisions/042-server-layers-and-job-registry.md). Every line a handler logs carries its
 * `queue` and `jobId`.
 */
import type { JobWithMetadata, WorkOptions } from 'pg-boss';
import type { z } from 'zod';
import type { JobKind } from '../env-process.ts';
import { log, withLogContext } from '../log.ts';
import { observeJob } from '../metrics/jobs.ts';
import type { Jobs, QueueOptions } from './boss.ts';

/** The jobs a handler is given: never none. */
export type Batch<Payload> = [JobWithMetadata<Payload>, ...JobWithMetadata<Payload>[]];

/**
 * A queue and its worker.
 * @typeParam Name the queue's dotted name ('meeting.process')
 * @typeParam Payload what a job carries; `payload` parses it before the handler sees it
 * @typeParam Deps what the handler needs of the process (a part of jobs/registry.ts's WorkerDeps)
 */
export interface QueueDefinition<Name extends string, Payload, Deps> {
  name: Name;
  options: QueueOptions;
  /** Every job's data is parsed with it when sent and again when worked. */
  payload: z.ZodType<Payload>;
  /** pg-boss worker options (concurrency, polling); `includeMetadata` is always on. */
  work: WorkOptions;
  /**
   * The kind of job, whose JOBS_CONCURRENCY_* setting replaces `work.localConcurrency` (0: this
   * process does not work the queue). A queue without one keeps its own.
   */
  kind?: JobKind;
  /**
   * Works a batch of jobs (one unless `work.batchSize` says more). Throwing fails the batch's jobs,
   * which pg-boss retries within `options.retryLimit`; with `work.perJobResults` it answers each.
   */
  handler: (deps: Deps, jobs: Batch<Payload>) => Promise<unknown>;
  /**
   * Runs when a job fails on its last try, before the failure is recorded; it must leave the
   * user's data consistent (a meeting no longer shown as processing). Its own failure is logged.
   */
  onExhausted?: (deps: Deps, payload: Payload, err: unknown) => Promise<void>;
  /** A pg-boss cron schedule that sends `data` to this queue (UTC). */
  schedule?: { cron: string; data: Payload };
  /** Whether this process works the queue at all (default: always). */
  enabled?: (deps: Deps) => boolean;
}

/** Declares a queue; the identity, for the types to be inferred. */
export function defineQueue<Name extends string, Payload, Deps>(
  definition: QueueDefinition<Name, Payload, Deps>,
): QueueDefinition<Name, Payload, Deps> {
  return definition;
}

/**
 * Thrown by a worker when a job's data does not match its queue's payload schema: such a job
 * would fail the same way on every try.
 */
export class JobPayloadError extends Error {
  constructor(queue: string, issues: string) {
    super(`Job of ${queue} has an invalid payload: ${issues}`);
  }
}

/**
 * Registers this process's worker of one queue: parses each job's data, runs the handler, and on
 * a failure of a job's last try runs `onExhausted`; each call's duration and failures go to the
 * metrics (metrics/jobs.ts). Does nothing when `enabled` says no.
 * @returns whether a worker was registered
 */
export async function startQueueWorker<Name extends string, Payload, Deps>(
  jobs: Jobs,
  queue: QueueDefinition<Name, Payload, Deps>,
  deps: Deps,
): Promise<boolean> {
  if (queue.enabled && !queue.enabled(deps)) return false;
  if (typeof queue.handler !== 'function') throw new Error(`Queue ${queue.name} has no handler`);
  const run = async (batch: JobWithMetadata<unknown>[]) => {
    const parsed = batch.map((job) => {
      const data = queue.payload.safeParse(job.data);
      if (!data.success) throw new JobPayloadError(queue.name, data.error.message);
      return { ...job, data: data.data } as JobWithMetadata<Payload>;
    });
    const [first, ...rest] = parsed;
    if (!first) return undefined;
    try {
      return await queue.handler(deps, [first, ...rest]);
    } catch (err) {
      for (const job of parsed) {
        if (job.retryCount < job.retryLimit || !queue.onExhausted) continue;
        await queue
          .onExhausted(deps, job.data, err)
          .catch((cleanup: unknown) =>
            log.error({ err: cleanup, jobId: job.id }, '[jobs] clean-up after the last try failed'),
          );
      }
      throw err;
    }
  };
  // Every line the handler logs names the queue and the job (the jobs, comma-separated, of a batch).
  const runInContext = (batch: JobWithMetadata<unknown>[]) =>
    withLogContext({ queue: queue.name, jobId: batch.map((job) => job.id).join(',') }, () =>
      observeJob(queue.name, batch, queue.work.perJobResults === true, () => run(batch)),
    );
  await jobs.boss.work(queue.name, { ...queue.work, includeMetadata: true }, runInContext as never);
  if (queue.schedule)
    await jobs.boss.schedule(queue.name, queue.schedule.cron, queue.schedule.data as object);
  return true;
}
