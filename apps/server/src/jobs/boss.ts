/**
 * pg-boss on Summy's database: on PostgreSQL through its own connection pool, on PGlite through
 * pg-boss's PGlite adapter (`fromPglite`, backend 'pglite'). Its tables live in schema `pgboss`,
 * created and migrated by pg-boss itself at start.
 */
import { PgBoss, fromPglite, type SendOptions } from 'pg-boss';
import type { DatabaseHandle } from '@summy/db';
import { QUEUES, queueOptions, type QueueName, type QueuePayloads } from './registry.ts';
import { log } from '../log.ts';

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

/** Starts pg-boss and creates Summy's queues (jobs/registry.ts; idempotent). */
export async function startJobs(
  database: DatabaseHandle,
  options: { monitorIntervalSeconds?: number } = {},
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
  for (const [name, options] of queueOptions()) {
    // pg-boss fixes a queue's policy at creation and refuses it in an update.
    const changeable = Object.fromEntries(Object.entries(options).filter(([k]) => k !== 'policy'));
    if (existing.has(name)) await boss.updateQueue(name, changeable);
    else await boss.createQueue(name, { ...options });
  }
  return {
    boss,
    send: async (name, data, options) => {
      const parsed = QUEUES[name].payload.parse(data) as object;
      return options ? boss.send(name, parsed, options) : boss.send(name, parsed);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}
