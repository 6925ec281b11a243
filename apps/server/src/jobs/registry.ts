/**
 * Every queue Summy uses, each a contract (jobs/payloads.ts: name and payload schema) with its
 * pg-boss options and handler (jobs/queues/*). pg-boss creates them all at start (jobs/boss.ts,
 * from {@link queueOptions}), so any process can send to any of them; each process starts the
 * workers it runs with {@link startWorkers}.
 */
import type { JobKind } from '../env-process.ts';
import type { AppDeps } from '../deps.ts';
import type { SummaryModelResolver } from '../pipeline/regenerate-summary.ts';
import type { ToolResolver } from '../pipeline/tools.ts';
import type { QueueOptions } from './boss.ts';
import { JOB_PAYLOADS, type QueueName } from './payloads.ts';
import { contactsSyncAllQueue, contactsSyncQueue } from './queues/contacts-sync.ts';
import { meetingLiveQueue } from './queues/meeting-live.ts';
import { meetingProcessQueue } from './queues/meeting-process.ts';
import { meetingSummarizeQueue } from './queues/meeting-summarize.ts';
import { searchIndexQueue } from './queues/search-index.ts';
import { transcriptionRunQueue } from './queues/transcription-run.ts';
import { webhookDeliverQueue } from './queues/webhook-deliver.ts';
import { startQueueWorker, type QueueDefinition } from './queue.ts';

/** The queues, by name: one for every contract of jobs/payloads.ts. */
export const QUEUES = {
  [meetingProcessQueue.name]: meetingProcessQueue,
  [meetingSummarizeQueue.name]: meetingSummarizeQueue,
  [transcriptionRunQueue.name]: transcriptionRunQueue,
  [contactsSyncQueue.name]: contactsSyncQueue,
  [contactsSyncAllQueue.name]: contactsSyncAllQueue,
  [searchIndexQueue.name]: searchIndexQueue,
  [webhookDeliverQueue.name]: webhookDeliverQueue,
  [meetingLiveQueue.name]: meetingLiveQueue,
  // Each handler's deps must be a part of what the server gives every worker.
} satisfies { [N in QueueName]: QueueDefinition<N, any, WorkerDeps> };

/** What the workers of this process are built from: the server's dependencies and resolvers. */
export type WorkerDeps = AppDeps & {
  resolveTools: ToolResolver;
  resolveModel: SummaryModelResolver;
};

/** A queue of any payload, as the registry checks and starts them. */
type AnyQueue = QueueDefinition<string, any, any>;

/**
 * Checks that every queue names itself under its own key, has a handler, and parses with its
 * contract's payload schema (jobs/payloads.ts, which `send` checks with), so a queue can never fill
 * with jobs nobody works or that its worker reads otherwise than they were sent.
 * @throws Error 'Queue {name} has no handler' (or is listed under another name, or parses with
 *   another schema than its contract's)
 */
export function checkQueues(queues: Record<string, AnyQueue>): void {
  const contracts: Record<string, unknown> = JOB_PAYLOADS;
  for (const [name, queue] of Object.entries(queues)) {
    if (queue.name !== name) throw new Error(`Queue ${name} is defined as ${queue.name}`);
    if (typeof queue.handler !== 'function') throw new Error(`Queue ${name} has no handler`);
    if (name in contracts && queue.payload !== contracts[name])
      throw new Error(`Queue ${name} does not parse with its contract's payload schema`);
  }
}

/** The pg-boss options of every queue, for their creation. */
export function queueOptions(queues: Record<string, AnyQueue> = QUEUES): [string, QueueOptions][] {
  checkQueues(queues);
  return Object.values(queues).map((q) => [q.name, q.options]);
}

/**
 * Starts this process's workers of every queue (each one's `enabled` may decline) but those in
 * `skip`, each with its kind's JOBS_CONCURRENCY_* setting (a kind set to 0 is not worked here). A
 * process that works one queue only (the CLI) calls startQueueWorker itself.
 * @returns the names of the queues this process now works
 * @throws Error when a queue has no handler
 */
export async function startWorkers(
  deps: WorkerDeps,
  options: { skip?: QueueName[]; queues?: Record<string, AnyQueue> } = {},
): Promise<string[]> {
  const queues = options.queues ?? QUEUES;
  checkQueues(queues);
  const started: string[] = [];
  for (const queue of Object.values(queues)) {
    if (options.skip?.includes(queue.name as QueueName)) continue;
    const kind = queue.kind as JobKind | undefined;
    const concurrency = kind ? deps.env.process.concurrency[kind] : undefined;
    if (concurrency === 0) continue;
    const tuned =
      concurrency === undefined
        ? queue
        : { ...queue, work: { ...queue.work, localConcurrency: concurrency } };
    if (await startQueueWorker(deps.jobs, tuned, deps)) started.push(queue.name);
  }
  return started;
}
