/**
 * One CPU measurement of bench/memory in a process of its own, so each choice's Node flags apply
 * to it: `node [flags] --import tsx bench/memory/cpu-worker.ts <conf JSON> <scratch dir> <fsync>`
 * opens PGlite in memory with the postgresql.conf lines given, loads the QMSum meetings of
 * testdata/meetings, and prints one JSON line of CPU times (user + system of this
 * process, in which PGlite runs, so the figures hold on a machine shared with other work), ms:
 * - `tsvector`: `to_tsvector('english', …)` over every QMSum turn, repeated to at least 10,000
 *   turns, in statements of 500;
 * - `index`: Summy's search index (`refreshSearchIndex`) over the three meetings copied 3 times;
 * - `chat`: mean of one chat retrieval (`gatherSources`) per QMSum query, over all meetings and
 *   over its own meeting, after one warm-up pass;
 * - `reads`: reading every stored transcript through Drizzle 5 times (JavaScript-side decoding);
 * - `writes`: 300 committed inserts of a 2 KB row into a PGlite on disk in `<scratch dir>`,
 *   with PostgreSQL's fsync setting `on` or `off` (PGlite's default start parameters say off).
 */
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '@summy/db';
import { loadQmsumMeetings } from '../../apps/server/test/qmsum.ts';
import { gatherSources } from '../../apps/server/src/services/assistant/gather-sources.ts';
import { refreshSearchIndex } from '../../apps/server/src/services/assistant/refresh-search-index.ts';

/** What the worker prints: CPU milliseconds, and the sizes of the workloads. */
export interface CpuTimes {
  tsvector: number;
  tsvectorTurns: number;
  index: number;
  chat: number;
  chatQueries: number;
  reads: number;
  writes: number;
}

const [confJson, scratch, fsync] = process.argv.slice(2);
if (!confJson || !scratch || !fsync) {
  console.error('usage: cpu-worker.ts <conf JSON> <scratch dir> <on|off>');
  process.exit(2);
}
const conf = JSON.parse(confJson) as string[];

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1000;
}

const database = await openDatabase({ pgliteSettings: conf });
await database.migrate();
const meetings = loadQmsumMeetings();
const turns = meetings.flatMap((m) => m.turns.map((t) => t.text));
const texts: string[] = [];
while (texts.length < 10_000) texts.push(...turns);

const tsvector = await time(async () => {
  for (let i = 0; i < texts.length; i += 500) {
    await database.query(
      `select sum(length(to_tsvector('english', t)))::int as n from unnest($1::text[]) t`,
      [texts.slice(i, i + 500)],
    );
  }
});

const userId = randomUUID();
await database.query(
  `insert into "user" (id, name, email, email_verified) values ($1, 'Bench', $2, true)`,
  [userId, `bench-${userId}@example.com`],
);
const copies = meetings.flatMap((m) => [0, 1, 2].map(() => ({ m, id: randomUUID() })));
for (const { m, id } of copies) {
  await database.query(
    `insert into meetings (id, user_id, title, date, transcript) values ($1, $2, $3, now(), $4)`,
    [id, userId, m.name, m.transcript],
  );
}
const index = await time(() => refreshSearchIndex(database.db, userId));

const queries = copies
  .slice(0, meetings.length * 3)
  .filter((_, i) => i % 3 === 0)
  .flatMap(({ m, id }) => m.queries.map((q) => ({ q: q.query, id })));
const ask = async () => {
  for (const { q, id } of queries) {
    await gatherSources(database.db, userId, { type: 'meeting', meetingIds: [] }, q);
    await gatherSources(database.db, userId, { type: 'meeting', meetingIds: [id] }, q);
  }
};
await ask();
const chat = (await time(ask)) / (queries.length * 2);

const reads = await time(async () => {
  for (let i = 0; i < 5; i++) {
    const rows = await database.db.query.meetings.findMany({ columns: { transcript: true } });
    if (rows.length !== copies.length) throw new Error('missing meetings');
  }
});
await database.close();

const startParams = [...PGlite.defaultStartParams, ...(fsync === 'on' ? ['-c', 'fsync=on'] : [])];
const disk = new PGlite(scratch, { postgresqlconf: conf, startParams });
await disk.waitReady;
await disk.exec('create table if not exists w (id serial primary key, v text)');
const row = 'x'.repeat(2000);
const writes = await time(async () => {
  for (let i = 0; i < 300; i++) await disk.query('insert into w (v) values ($1)', [row]);
});
const [setting] = (await disk.query<{ fsync: string }>('show fsync')).rows;
if (setting?.fsync !== fsync) throw new Error(`fsync is ${setting?.fsync}, wanted ${fsync}`);
await disk.close();

const result: CpuTimes = {
  tsvector,
  tsvectorTurns: texts.length,
  index,
  chat,
  chatQueries: queries.length * 2,
  reads,
  writes,
};
console.log(JSON.stringify(result));
