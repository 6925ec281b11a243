/**
 * Job metrics: the duration and outcome of each handler call (jobs/queue.ts wraps every queue's
 * handler with {@link observeJob}) and, at scrape time, how many jobs each queue holds.
 * docs/decisions/060-metrics.md.
 */
import { performance } from 'node:perf_hooks';
import type { PgBoss } from 'pg-boss';
import { Gauge, type Registry } from 'prom-client';
import { log } from '../log.ts';
import { jobDuration, jobFailures } from './definitions.ts';

/** What {@link observeJob} reads of a job: its id and how many tries it has had and may have. */
export interface ObservedJob {
  id: string;
  retryCount: number;
  retryLimit: number;
}

// A perJobResults handler answers [{id, status}]; a job it leaves out is failed by pg-boss.
function failedJobs(batch: ObservedJob[], result: unknown): Map<ObservedJob, boolean> {
  const failed = new Map<ObservedJob, boolean>();
  if (!Array.isArray(result)) return failed;
  const status = new Map(
    result.map((r: { id?: unknown; status?: unknown }) => [r?.id, r?.status] as const),
  );
  for (const job of batch) {
    const s = status.get(job.id);
    if (s !== 'completed') failed.set(job, s === 'deadletter');
  }
  return failed;
}

/**
 * Runs `work` (a queue's handler on `batch`) and records it: its seconds in
 * `summy_job_duration_seconds{queue,outcome}`, and each failed job in
 * `summy_job_failures_total{queue,final}` (final: its last try, or dead-lettered). A throw fails
 * every job of the batch; with `perJobResults` the handler's answer says which failed.
 * @returns what `work` resolves to; rethrows what it throws
 */
export async function observeJob<T>(
  queue: string,
  batch: ObservedJob[],
  perJobResults: boolean,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const record = (failed: Map<ObservedJob, boolean>) => {
    const outcome = failed.size > 0 ? 'failed' : 'completed';
    jobDuration.observe({ queue, outcome }, (performance.now() - started) / 1000);
    for (const [job, deadLettered] of failed) {
      const final = deadLettered || job.retryCount >= job.retryLimit;
      jobFailures.inc({ queue, final: String(final) });
    }
  };
  try {
    const result = await work();
    record(perJobResults ? failedJobs(batch, result) : new Map());
    return result;
  } catch (err) {
    record(new Map(batch.map((job) => [job, false])));
    throw err;
  }
}

/** The job states `summy_queue_jobs` reports (pg-boss's counts of its `queue` table). */
const STATES = ['ready', 'deferred', 'active', 'failed'] as const;

/**
 * Adds `summy_queue_jobs{queue,state}` to `registry`: read at each scrape from pg-boss's
 * `getQueues()`, one small query of the counts pg-boss's monitor keeps per queue (refreshed every
 * few seconds, jobs/boss.ts), for Summy's queues (pg-boss's internal ones left out). 'ready' waits
 * for a worker now (created, or a retry whose delay passed), 'deferred' waits for its time (a
 * retry's delay, a later start), 'active' runs, 'failed' failed for good and is still kept. A
 * failed read leaves the gauge empty and logs a warning.
 */
export function addQueueDepthGauge(registry: Registry, boss: Pick<PgBoss, 'getQueues'>): void {
  new Gauge({
    name: 'summy_queue_jobs',
    help: 'Jobs per queue and state (ready, deferred, active, failed), as pg-boss counts them',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const q of await boss.getQueues()) {
          // pg-boss's own internal queues ('__pgboss__send-it') are not Summy's work.
          if (q.name.startsWith('__pgboss__')) continue;
          const counts = {
            ready: q.readyCount,
            deferred: q.deferredCount,
            active: q.activeCount,
            failed: q.failedCount,
          };
          for (const state of STATES) this.set({ queue: q.name, state }, counts[state]);
        }
      } catch (err) {
        log.warn({ err }, '[metrics] could not read the queue counts');
      }
    },
  });
}
