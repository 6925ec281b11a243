/**
 * Every queue Summy uses. pg-boss creates them all at start (jobs/boss.ts), so any process can
 * send to any of them; `send` is typed by queue name from here, and each process starts the
 * workers it runs with {@link startWorkers}.
 */
import type { z } from 'zod';
import type { JobKind } from '../env-process.ts';
import type { AppDeps } from '../deps.ts';
import type { SummaryModelResolver } from '../pipeline/regenerate-summary.ts';
import type { ToolResolver } from '../pipeline/tools.ts';
import { contactsSyncAllQueue, contactsSyncQueue } from './queues/contacts-sync.ts';
import { meetingProcessQueue } from './queues/meeting-process.ts';
import { meetingSummarizeQueue } from './queues/meeting-summarize.ts';
import { searchIndexQueue } from './queues/search-index.ts';
import { transcriptionRunQueue } from './queues/transcription-run.ts';
import { webhookDeliverQueue } from './queues/webhook-deliver.ts';
import { startQueueWorker, type QueueDefinition, type QueueOptions } from './queue.ts';

/** The queues, by name. */
export const QUEUES = {
  [meetingProcessQueue.name]: meetingProcessQueue,
  [meetingSummarizeQueue.name]: meetingSummarizeQueue,
  [transcriptionRunQueue.name]: transcriptionRunQueue,
  [contactsSyncQueue.name]: contactsSyncQueue,
  [contactsSyncAllQueue.name]: contactsSyncAllQueue,
  [searchIndexQueue.name]: searchIndexQueue,
  [webhookDeliverQueue.name]: webhookDeliverQueue,
  // Each handler's deps must be a part of what the server gives every worker.
} satisfies Record<string, QueueDefinition<string, any, WorkerDeps>>;

/** A queue name. */
export type QueueName = keyof typeof QUEUES;

/** The payload a job of each queue carries. */
export type QueuePayloads = { [N in QueueName]: z.output<(typeof QUEUES)[N]['payload']> };

/** What the workers of this process are built from: the server's dependencies and resolvers. */
export type WorkerDeps = AppDeps & {
  resolveTools: ToolResolver;
  resolveModel: SummaryModelResolver;
};

/** A queue of any payload, as the registry checks and starts them. */
type AnyQueue = QueueDefinition<string, any, any>;

/**
 * Checks that every queue names itself under its own key and has a handler, so a queue can never
 * fill with jobs nobody works.
 * @throws Error 'Queue {name} has no handler' (or is listed under another name)
 */
export function checkQueues(queues: Record<string, AnyQueue>): void {
  for (const [name, queue] of Object.entries(queues)) {
    if (queue.name !== name) throw new Error(`Queue ${name} is defined as ${queue.name}`);
    if (typeof queue.handler !== 'function') throw new Error(`Queue ${name} has no handler`);
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
