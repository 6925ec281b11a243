/**
 * The search index's rests against a request's wait on PGlite's one connection: rebuilds the
 * passages of three 1.4 MB synthetic meetings (bench/abuse/transcripts.ts) with
 * `refreshSearchIndex` while a health-like query (`select … from drizzle.__drizzle_migrations`,
 * as `GET /api/health` asks) arrives every 50 ms through the first-come-first-served queue.
 * Prints the rebuild's wall time, the main thread's busy time during it
 * (`performance.eventLoopUtilization`) and the queries' median and p95 wait.
 *
 * Run from the repository root: `npx tsx bench/abuse/index-share.ts [thread|inproc] [share]`
 * (defaults: thread 0.5). `thread` opens PGlite as the server does (on its own thread, decision
 * 041); `inproc` opens PGlite in this thread, as before it. Compare runs made one after the other.
 */
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase, PGLITE_SETTINGS, schema, type Database } from '@summy/db';
import { queuePgliteFairly, runInArrivalOrder } from '../../packages/db/src/fair-queue.ts';
import { refreshSearchIndex } from '../../apps/server/src/services/assistant/refresh-search-index.ts';
import { percentile } from '../api/stats.ts';
import { fillerTranscript } from './transcripts.ts';

const mode = process.argv[2] ?? 'thread';
const share = Number(process.argv[3] ?? 0.5);

let db: Database;
let close: () => Promise<void>;
if (mode === 'inproc') {
  const client = new PGlite('memory://', { postgresqlconf: [...PGLITE_SETTINGS] });
  await client.waitReady;
  queuePgliteFairly(client);
  db = drizzle({ client, schema }) as unknown as Database;
  await migrate(drizzle({ client }), { migrationsFolder });
  close = () => client.close();
} else {
  const handle = await openDatabase({});
  await handle.migrate();
  db = handle.db;
  close = () => handle.close();
}
await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'U', 'u@example.org')`);
for (let i = 0; i < 3; i++) {
  const transcript = fillerTranscript(1400 * 1024, i);
  await db.execute(
    sql`insert into meetings (user_id, title, transcript) values ('u1', ${`m${i}`}, ${transcript})`,
  );
}

const waits: number[] = [];
let stop = false;
const asking = (async () => {
  while (!stop) {
    await new Promise((r) => setTimeout(r, 50));
    const t = performance.now();
    void runInArrivalOrder(t, async () => {
      await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
      waits.push(performance.now() - t);
    });
  }
})();
const elu0 = performance.eventLoopUtilization();
const t0 = performance.now();
const rebuilt = await refreshSearchIndex(db, 'u1', undefined, { share });
const wallMs = performance.now() - t0;
const busyMs = performance.eventLoopUtilization(elu0).active;
stop = true;
await asking;
await close();
waits.sort((a, b) => a - b);
console.log(
  `${mode}, share ${share}: ${rebuilt} meetings rebuilt in ${(wallMs / 1000).toFixed(1)} s, ` +
    `main thread busy ${(busyMs / 1000).toFixed(1)} s; ${waits.length} queries waited ` +
    `p50 ${percentile(waits, 50).toFixed(1)} ms, p95 ${percentile(waits, 95).toFixed(1)} ms`,
);
