/**
 * pg-boss on Summy's database: on PostgreSQL through its own connection pool, on PGlite through
 * pg-boss's PGlite adapter (`fromPglite`, backend 'pglite'). Its tables live in schema `pgboss`,
 * created and migrated by pg-boss itself at start. Typed and checked by the queues' contracts
 * (jobs/payloads.ts) alone: the client reaches no handler, so the services that send jobs do not
 * depend on every queue's worker.
 */
import { PgBoss, fromPglite, type Queue, type SendOptions } from 'pg-boss';
import type { DatabaseHandle } from '@summy/db';
import { JOB_PAYLOADS, type QueueName, type QueuePayloads } from './payloads.ts';
import { log } from '../log.ts';

/** pg-boss options of a queue (`policy` is fixed when the queue is created). */
export type QueueOptions = Omit<Queue, 'name'>;

/** The running job system. */
export interface Jobs {
  boss: PgBoss;
  /**
   * Enqueues a job; resolves to its id, or null when the queue's policy refused it (a
   * `singletonKey` already queued). `options` are pg-boss's (`singletonKey`, `group`, ...).
   * @throws ZodError when `data` does not match the queue's payload schema (nothing is queued)
   */
  send<N extends QueueName>(
    name: N,
    data: QueuePayloads[N],
    options?: SendOptions,
  ): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss and creates or updates the queues given (idempotent): every queue of Summy,
 * `queueOptions()` of jobs/registry.ts, so that any process can send to any of them.
 */
export async function startJobs(
  database: DatabaseHandle,
  options: { queues: [string, QueueOptions][]; monitorIntervalSeconds?: number },
): Promise<Jobs> {
  // The monitor is what notices a dead worker's job (missed heartbeats) and retries it. It runs
  // inside pg-boss's supervision round, every 60 s by default: a crashed server's meeting then
  // waited about 70 s to resume. Every 10 s, as often as heartbeats are due.
  const common = {
    monitorIntervalSeconds: options.monitorIntervalSeconds ?? 5,
    superviseIntervalSeconds: 10,
  };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', ...common })
      : new PgBoss({ connectionString: database.url!, max: 4, ...common });
  boss.on('error', (err: unknown) => log.error({ err }, '[jobs] pg-boss error'));
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const [name, settings] of options.queues) {
    // pg-boss fixes a queue's policy at creation and refuses it in an update.
    const changeable = Object.fromEntries(Object.entries(settings).filter(([k]) => k !== 'policy'));
    if (existing.has(name)) await boss.updateQueue(name, changeable);
    else await boss.createQueue(name, { ...settings });
  }
  return {
    boss,
    send: async (name, data, options) => {
      const parsed = JOB_PAYLOADS[name].parse(data) as object;
      return options ? boss.send(name, parsed, options) : boss.send(name, parsed);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}
