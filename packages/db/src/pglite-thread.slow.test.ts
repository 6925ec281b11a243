/**
 * PGlite runs on its own thread (docs/decisions/041-pglite-on-a-worker-thread.md): a long
 * statement leaves the event loop free, the proxy answers as PGlite does (results, errors,
 * transactions, notifications), and a dead thread fails calls instead of leaving them waiting.
 * Real PGlite in memory, opened as the server opens it.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database?.close());

/** Runs `work` while a 5 ms interval ticks; answers how long it took and the longest tick gap. */
async function timeWithTicks(work: () => Promise<unknown>): Promise<{ ms: number; gap: number }> {
  let last = performance.now();
  let gap = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 5);
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(tick);
  }
  const now = performance.now();
  return { ms: now - t0, gap: Math.max(gap, now - last) };
}

describe('PGlite on a worker thread', () => {
  it('leaves the event loop free while a statement computes', async () => {
    // Pure CPU inside PostgreSQL: on this thread it would hold every timer for its whole length.
    const { ms, gap } = await timeWithTicks(() =>
      database.query('select count(*) from generate_series(1, 3000000)'),
    );
    expect(ms, 'the statement must be long enough to tell').toBeGreaterThan(300);
    expect(gap).toBeLessThan(ms / 4);
  });

  it('answers rows, errors and transactions as PGlite does', async () => {
    await database.query('create table thread_t (id int primary key, tags text[], doc jsonb)');
    await database.query('insert into thread_t values ($1, $2, $3)', [1, ['a', 'b'], { k: 1 }]);
    expect(await database.query('select * from thread_t')).toEqual([
      { id: 1, tags: ['a', 'b'], doc: { k: 1 } },
    ]);
    await expect(database.query('insert into thread_t (id) values (1)')).rejects.toMatchObject({
      code: '23505',
      query: 'insert into thread_t (id) values (1)',
    });
    // A failed statement inside a transaction rolls the whole of it back.
    const pglite = database.pglite!;
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query('insert into thread_t (id) values (2)');
        await tx.query('select * from missing_table');
      }),
    ).rejects.toMatchObject({ code: '42P01' });
    expect(await database.query('select id from thread_t order by id')).toEqual([{ id: 1 }]);
    // The connection is usable after the error.
    expect(await database.query('select 41 + 1 as n')).toEqual([{ n: 42 }]);
  });

  it('delivers notifications sent inside a transaction after it commits', async () => {
    const got: string[] = [];
    const unlisten = await database.listen('thread_news', (payload) => got.push(payload));
    await database.pglite!.transaction(async (tx) => {
      await tx.query(`select pg_notify('thread_news', 'first')`);
      await tx.query(`notify thread_news, 'second'`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(got, 'nothing before the commit').toEqual([]);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got).toEqual(['first', 'second']);
    await unlisten();
    await database.query(`select pg_notify('thread_news', 'third')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got).toEqual(['first', 'second']);
  });
});

describe('PGlite thread failures', () => {
  it('fails a pending and every later call with a clear error when the thread dies', async () => {
    const other = await openDatabase({});
    try {
      const pending = other.query('select pg_sleep(5)');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await other.pglite!.thread.terminate();
      await expect(pending).rejects.toThrow(/database thread stopped/);
      await expect(other.query('select 1')).rejects.toThrow(/database thread stopped/);
    } finally {
      await other.close();
    }
  });

  it('refuses calls after close', async () => {
    const other = await openDatabase({});
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  });
});

describe('PGlite thread dumps', () => {
  it('dumps the data folder, and a new database started from the dump holds its rows', async () => {
    await database.query(`create table kept (note text)`);
    await database.query(`insert into kept values ('from the dump')`);
    const dump = await database.pglite!.dumpDataDir();
    const copy = await openDatabase({ pgliteLoadDataDir: dump });
    try {
      expect(await copy.query('select note from kept')).toEqual([{ note: 'from the dump' }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses a dump together with a data folder, which already holds its own database', async () => {
    await expect(
      openDatabase({ pgliteDir: '/nonexistent/summy', pgliteLoadDataDir: new Uint8Array(1) }),
    ).rejects.toThrow('A PGlite dump loads only into a database in memory');
  });
});
