import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '@summy/db';
import { openTestDatabase } from '../../test/harness.ts';
import { startJobs, type Jobs } from './boss.ts';
import { defineQueue, startQueueWorker } from './queue.ts';
import { JOB_PAYLOADS } from './payloads.ts';
import { checkQueues, QUEUES, queueOptions, startWorkers, type WorkerDeps } from './registry.ts';

let database: DatabaseHandle;
let jobs: Jobs;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  jobs = await startJobs(database, { queues: queueOptions(), monitorIntervalSeconds: 1 });
});

afterAll(async () => {
  await jobs.stop();
  await database.close();
});

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the job registry', () => {
  it('refuses to start a queue without a handler, or listed under another name', async () => {
    const broken = { ...QUEUES['search.index'], handler: undefined as never };
    await expect(
      startWorkers({ jobs } as WorkerDeps, { queues: { 'search.index': broken } }),
    ).rejects.toThrow('Queue search.index has no handler');
    expect(() => checkQueues({ 'meeting.process': QUEUES['search.index'] })).toThrow(
      'Queue meeting.process is defined as search.index',
    );
  });

  it('has one queue for every contract, parsing with its schema', () => {
    expect(Object.keys(QUEUES).sort()).toEqual(Object.keys(JOB_PAYLOADS).sort());
    for (const [name, schema] of Object.entries(JOB_PAYLOADS))
      expect(QUEUES[name as keyof typeof QUEUES].payload).toBe(schema);
    const other = { ...QUEUES['search.index'], payload: z.object({ userId: z.string() }) };
    expect(() => checkQueues({ 'search.index': other })).toThrow(
      "Queue search.index does not parse with its contract's payload schema",
    );
  });

  it('sends only a payload that its queue accepts', async () => {
    await expect(jobs.send('search.index', { userId: 42 } as never)).rejects.toThrow();
    expect(await jobs.boss.fetch('search.index')).toHaveLength(0);
    expect(await jobs.send('search.index', { userId: 'u1' }, { singletonKey: 'u1' })).toEqual(
      expect.any(String),
    );
    const [job] = await jobs.boss.fetch('search.index');
    expect(job?.data).toEqual({ userId: 'u1' });
  });

  it('parses each job, retries a failure and runs onExhausted after the last try', async () => {
    const name = 'test.exhausted';
    await jobs.boss.createQueue(name, { retryLimit: 1, retryDelay: 0 });
    const seen: unknown[] = [];
    const exhausted: unknown[] = [];
    const queue = defineQueue({
      name,
      options: {},
      payload: z.object({ n: z.number() }),
      work: { pollingIntervalSeconds: 0.5 },
      async handler(_deps: object, [job]) {
        seen.push(job.data);
        throw new Error('always fails');
      },
      async onExhausted(_deps, payload, err) {
        exhausted.push([payload, (err as Error).message]);
      },
    });
    expect(await startQueueWorker(jobs, queue, {})).toBe(true);
    await jobs.boss.send(name, { n: 'not a number' });
    await jobs.boss.send(name, { n: 1, extra: true });
    await until(() => exhausted.length > 0);
    await new Promise((r) => setTimeout(r, 1_500));
    // The invalid job never reaches the handler; the valid one runs twice (one retry).
    expect(seen).toEqual([{ n: 1 }, { n: 1 }]);
    expect(exhausted).toEqual([[{ n: 1 }, 'always fails']]);
  });
});
