/**
 * The embedded database serves requests first come, first served, and lets the event loop read
 * sockets between two queries: real PGlite in memory, opened as the server opens it.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { FairQueue, runInArrivalOrder } from './fair-queue.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database?.close());

describe('PGlite work queue', () => {
  it('finishes a request that arrived first before newer ones start', async () => {
    const order: string[] = [];
    const t0 = performance.now();
    // The older request makes three queries in a row, as a session lookup and a list do.
    const older = runInArrivalOrder(t0, async () => {
      for (let i = 1; i <= 3; i++) {
        await database.query('select $1::int as n', [i]);
        order.push(`old${i}`);
      }
    });
    // Thirty newer requests ask for one query each while the older one waits for its first.
    const newer = Array.from({ length: 30 }, (_, i) =>
      runInArrivalOrder(t0 + 1 + i, async () => {
        await database.query('select 1');
        order.push(`new${i}`);
      }),
    );
    await Promise.all([older, ...newer]);
    expect(order.slice(0, 3)).toEqual(['old1', 'old2', 'old3']);
    expect(order.slice(3)).toEqual(Array.from({ length: 30 }, (_, i) => `new${i}`));
  });

  it('reads a socket between two queries of a backlog', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const peer = await new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      let done = 0;
      const backlog = Array.from({ length: 200 }, () =>
        database.query('select count(*) from generate_series(1, 2000)').then(() => done++),
      );
      // Bytes that reach the kernel as the backlog starts: how many queries ran before we read them?
      const readAfter = new Promise<number>((resolve) => peer.once('data', () => resolve(done)));
      socket.write('ping');
      const seen = await readAfter;
      await Promise.all(backlog);
      expect(done).toBe(200);
      expect(seen).toBeLessThan(20);
    } finally {
      socket.destroy();
      peer.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('FairQueue', () => {
  it('runs one task at a time, earliest arrival first, ties in the order asked', async () => {
    const queue = new FairQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.push(name);
      running--;
    };
    const all = [
      runInArrivalOrder(30, () => queue.run(task('c'))),
      runInArrivalOrder(10, () => queue.run(task('a'))),
      runInArrivalOrder(20, () => queue.run(task('b1'))),
      runInArrivalOrder(20, () => queue.run(task('b2'))),
    ];
    expect(queue.waiting).toBe(4);
    await Promise.all(all);
    expect(log).toEqual(['a', 'b1', 'b2', 'c']);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
