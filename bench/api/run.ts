/**
 * API latency benchmark: the meeting list and meeting detail routes of a real Summy server, on
 * PGlite (in memory) and on PostgreSQL, against the budget p95 < 20 ms (one user, sequential
 * requests). Beside every route it times the same SQL sent straight to the database, and it
 * breaks the detail route down (HTTP floor, session lookup, service, JSON) to show where the
 * time goes.
 *
 * Run from the repository root: `npx tsx bench/api/run.ts`
 * Options: `--n 300` requests per series, `--warmup 30`, `--backends pglite,postgres`,
 * `--json file` to also write the figures as JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createAuth } from '../../apps/server/src/auth.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import { startServer } from '../../apps/server/src/server.ts';
import { getMeeting } from '../../apps/server/src/services/meetings/get-meeting.ts';
import { listMeetings } from '../../apps/server/src/services/meetings/list-meetings.ts';
import { getText, serveFixedBody, signUp, type Session } from './client.ts';
import {
  DEFAULT_DATASET,
  readTurns,
  seedDataset,
  seededRandom,
  type SeededDataset,
} from './dataset.ts';
import {
  decodeCursor,
  directDetail,
  directList,
  explain,
  listQuery,
  meetingRowQuery,
  meetingTodosQuery,
  type PlanSummary,
} from './direct.ts';
import { measure, ms, type LatencySummary } from './stats.ts';
import { openBenchDatabase, type Backend } from '../lib/backend.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';

/** The latency budget of every measured route, p95 in milliseconds. */
export const BUDGET_P95_MS = 20;

/** One measured route: HTTP latency and the direct-SQL reference. */
export interface RouteResult {
  route: string;
  http: LatencySummary;
  direct: LatencySummary;
  /** Size of the answer body in bytes (last request). */
  bytes: number;
}

/** One component of a route's time, measured in isolation. */
export interface ComponentResult {
  component: string;
  latency: LatencySummary;
}

/** Everything measured on one backend. */
export interface BackendResult {
  backend: Backend;
  dataset: SeededDataset;
  startMs: number;
  routes: RouteResult[];
  breakdown: ComponentResult[];
  plans: { query: string; plan: PlanSummary }[];
}

const PAGE = 100;
const DEEP_PAGES = 50;

async function runBackend(backend: Backend, n: number, warmup: number): Promise<BackendResult> {
  const t0 = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-bench-api-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await openBenchDatabase(backend, 'summy_bench_api');
  cleanups.push(() => database.close());
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  });
  const server = await startServer(env, database);
  cleanups.push(() => server.close());
  const startMs = performance.now() - t0;
  log(`${backend}: server on ${server.url} after ${Math.round(startMs)} ms`);

  // The measured user and a few others sign up over HTTP for real sessions; seedDataset adds the rest.
  const sessions: Session[] = [];
  for (let i = 0; i < 5; i++) {
    sessions.push(
      await signUp(server.url, env.publicUrl, `Bench Person ${i}`, `person-${i}@example.com`),
    );
  }
  const me = sessions[0]!;
  const dataset = await seedDataset(
    database,
    sessions.map((s) => s.userId),
    DEFAULT_DATASET,
    readTurns(),
  );
  log(
    `${backend}: loaded ${dataset.meetings} meetings, ${dataset.todos} todos, ${dataset.users} users in ${Math.round(dataset.loadMs)} ms`,
  );

  // PGlite runs on this thread, so the load blocked the event loop for seconds: the keep-alive
  // sockets of the sign-ups have timed out on the server side, and the first reuse can meet the
  // reset. One throw-away request with a retry lets undici drop those sockets.
  await getText(`${server.url}/api/config`, '', true);

  const random = seededRandom(7);
  const pick = (ids: readonly string[]) => ids[Math.floor(random() * ids.length)]!;
  const listUrl = `${server.url}/api/meetings?limit=${PAGE}`;

  // Walk the list through nextCursor to a page deep in the history, checking the pages on the way.
  let cursor: string | null = null;
  for (let page = 0; page < DEEP_PAGES; page++) {
    const body = JSON.parse(
      await getText(cursor ? `${listUrl}&cursor=${cursor}` : listUrl, me.cookie),
    ) as {
      items: unknown[];
      nextCursor: string | null;
    };
    if (body.items.length !== PAGE || !body.nextCursor)
      throw new Error(`page ${page} of the list is short`);
    cursor = body.nextCursor;
  }
  const deepCursor = cursor!;
  const deepAfter = decodeCursor(deepCursor);

  // Check the detail answer once: it must carry the long transcript and its action items.
  const sample = JSON.parse(
    await getText(`${server.url}/api/meetings/${dataset.longMeetingIds[0]}`, me.cookie),
  ) as {
    transcript: string;
    actionItems: unknown[];
  };
  if (
    sample.transcript.length < 100_000 ||
    sample.actionItems.length !== DEFAULT_DATASET.todosPerLongMeeting
  ) {
    throw new Error('the detail answer lacks the long transcript or its action items');
  }

  const routes: RouteResult[] = [];
  const route = async (
    name: string,
    url: (i: number) => string,
    direct: (i: number) => Promise<unknown>,
  ): Promise<void> => {
    let bytes = 0;
    const http = await measure(n, warmup, async (i) => {
      bytes = Buffer.byteLength(await getText(url(i), me.cookie, i < 0));
    });
    const ref = await measure(n, warmup, direct);
    routes.push({ route: name, http, direct: ref, bytes });
    log(
      `${backend}: ${name} p50 ${ms(http.p50)} p95 ${ms(http.p95)} (direct ${ms(ref.p50)} / ${ms(ref.p95)})`,
    );
  };

  await route(
    'GET /api/meetings (page 1)',
    () => listUrl,
    () => directList(database, me.userId, PAGE),
  );
  await route(
    `GET /api/meetings (page ${DEEP_PAGES + 1}, cursor)`,
    () => `${listUrl}&cursor=${deepCursor}`,
    () => directList(database, me.userId, PAGE, deepAfter),
  );
  // Same pseudo-random id sequence for HTTP and direct: each gets its own picker with one seed.
  const picker = (ids: readonly string[]) => {
    const r = seededRandom(11);
    return () => ids[Math.floor(r() * ids.length)]!;
  };
  {
    const httpPick = picker(dataset.longMeetingIds);
    const directPick = picker(dataset.longMeetingIds);
    await route(
      'GET /api/meetings/:id (3 h transcript)',
      () => `${server.url}/api/meetings/${httpPick()}`,
      () => directDetail(database, me.userId, directPick()),
    );
  }
  {
    const httpPick = picker(dataset.shortMeetingIds);
    const directPick = picker(dataset.shortMeetingIds);
    await route(
      'GET /api/meetings/:id (short)',
      () => `${server.url}/api/meetings/${httpPick()}`,
      () => directDetail(database, me.userId, directPick()),
    );
  }

  // Where the time goes: the pieces of a request, each timed alone in this process.
  const auth = createAuth(env, database.db);
  const headers = new Headers({ cookie: me.cookie });
  const longDetail = await getMeeting(database.db, me.userId, dataset.longMeetingIds[0]!);
  const firstPage = await listMeetings(database.db, me.userId, { limit: PAGE });
  const breakdown: ComponentResult[] = [];
  const component = async (name: string, fn: (i: number) => Promise<unknown>) => {
    breakdown.push({ component: name, latency: await measure(n, warmup, fn) });
  };
  await component('HTTP floor: GET /api/config (no session, no database)', (i) =>
    getText(`${server.url}/api/config`, '', i < 0),
  );
  {
    const longJson = JSON.stringify(longDetail);
    const bare = await serveFixedBody(longJson);
    cleanups.push(() => bare.close());
    await component(
      `HTTP floor: bare node:http, ${Math.round(longJson.length / 1024)} KB body`,
      (i) => getText(bare.url, '', i < 0),
    );
  }
  await component('Better Auth getSession (in process)', async () => {
    if (!(await auth.api.getSession({ headers }))) throw new Error('session not found');
  });
  await component('service listMeetings, page 1 (Drizzle, in process)', () =>
    listMeetings(database.db, me.userId, { limit: PAGE }),
  );
  await component('JSON.stringify of list page 1', async () => JSON.stringify(firstPage));
  await component('direct: list page 1 (ORDER BY date DESC, id DESC)', () =>
    directList(database, me.userId, PAGE),
  );
  await component('service getMeeting, 3 h transcript (Drizzle, in process)', () =>
    getMeeting(database.db, me.userId, pick(dataset.longMeetingIds)),
  );
  await component('JSON.stringify of a 3 h meeting', async () => JSON.stringify(longDetail));
  await component('direct: meeting row only, 3 h transcript', async () => {
    const q = meetingRowQuery(me.userId, pick(dataset.longMeetingIds));
    await database.query(q.text, q.params);
  });

  const longId = dataset.longMeetingIds[0]!;
  const plans = [
    { query: 'list page 1', plan: await explain(database, listQuery(me.userId, PAGE)) },
    {
      query: `list page ${DEEP_PAGES + 1}`,
      plan: await explain(database, listQuery(me.userId, PAGE, deepAfter)),
    },
    {
      query: 'detail: meeting row',
      plan: await explain(database, meetingRowQuery(me.userId, longId)),
    },
    { query: 'detail: todos', plan: await explain(database, meetingTodosQuery(me.userId, longId)) },
  ];

  // Close this backend now, so the next one has the machine to itself.
  await runCleanups();
  return { backend, dataset, startMs, routes, breakdown, plans };
}

function pad(cells: string[], widths: number[]): string {
  return `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
}

/**
 * A Markdown table whose first two columns are text (left) and the rest figures (right), laid out
 * as Prettier formats it, so the printed table pastes into docs/performance.md unchanged.
 */
function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [
    pad(head, widths),
    `| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
    ...rows.map((r) => pad(r, widths)),
  ];
}

/** The main table: every route's HTTP and direct latency against the budget. */
function routeTable(results: readonly BackendResult[]): string[] {
  const head = [
    'backend',
    'route',
    'p50 ms',
    'p95 ms',
    'direct p50',
    'direct p95',
    'ratio p50',
    'ratio p95',
    `budget p95<${BUDGET_P95_MS}ms`,
  ];
  const rows = results.flatMap((r) =>
    r.routes.map((x) => [
      r.backend,
      x.route,
      ms(x.http.p50),
      ms(x.http.p95),
      ms(x.direct.p50),
      ms(x.direct.p95),
      `${(x.http.p50 / x.direct.p50).toFixed(1)}x`,
      `${(x.http.p95 / x.direct.p95).toFixed(1)}x`,
      x.http.p95 < BUDGET_P95_MS ? 'PASS' : 'FAIL',
    ]),
  );
  return table(head, rows);
}

/** Renders the results as Markdown tables (printed, and pasted into docs/performance.md). */
export function renderReport(results: readonly BackendResult[], n: number): string {
  const out: string[] = [];
  out.push(...routeTable(results));
  out.push('');
  for (const r of results) {
    const worst = r.routes.reduce((a, b) => (b.http.p95 > a.http.p95 ? b : a));
    const pass = r.routes.every((x) => x.http.p95 < BUDGET_P95_MS);
    out.push(
      `${r.backend}: ${pass ? 'PASS' : 'FAIL'} (worst HTTP p95 ${ms(worst.http.p95)} ms on ${worst.route}; budget p95 < ${BUDGET_P95_MS} ms; n=${n} per series)`,
    );
  }
  out.push('');
  out.push('Where the time goes (each piece timed alone, in the server process; ms):');
  out.push('');
  out.push(
    ...table(
      ['backend', 'component', 'p50 ms', 'p95 ms'],
      results.flatMap((r) =>
        r.breakdown.map((b) => [r.backend, b.component, ms(b.latency.p50), ms(b.latency.p95)]),
      ),
    ),
  );
  out.push('');
  out.push('Query plans (EXPLAIN ANALYZE, warm):');
  for (const r of results) {
    for (const p of r.plans) {
      out.push(
        `  ${r.backend} ${p.query}: planning ${p.plan.planningMs.toFixed(3)} ms, execution ${p.plan.executionMs.toFixed(3)} ms; ${p.plan.scans.map((s) => s.replace(/\s*\(cost=.*$/, '')).join('; ')}`,
      );
    }
  }
  return out.join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '300' },
      warmup: { type: 'string', default: '30' },
      backends: { type: 'string', default: 'pglite,postgres' },
      json: { type: 'string' },
    },
  });
  const n = Number(values.n);
  const warmup = Number(values.warmup);
  const backends = values.backends.split(',').map((b) => b.trim()) as Backend[];
  for (const b of backends)
    if (b !== 'pglite' && b !== 'postgres') throw new Error(`Unknown backend: ${b}`);

  const started = performance.now();
  const results: BackendResult[] = [];
  for (const backend of backends) results.push(await runBackend(backend, n, warmup));

  const cpus = os.cpus();
  const d = results[0]!.dataset;
  console.log('Machine:');
  console.log(
    `  node ${process.version}, ${os.platform()} ${os.arch()}, os.cpus().length = ${cpus.length} (${cpus[0]?.model.trim() ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
  );
  console.log('Dataset (per backend):');
  console.log(
    `  users ${d.users}; meetings ${d.meetings} (measured user ${d.longMeetingIds.length + d.shortMeetingIds.length}, of which ${d.longMeetingIds.length} with a 3 h transcript); todos ${d.todos}`,
  );
  console.log(
    `  long transcript ${d.longTranscriptChars} characters / ${d.longTranscriptWords} words; short transcript ~${d.shortTranscriptChars} characters`,
  );
  for (const r of results) {
    console.log(
      `  ${r.backend}: server start ${Math.round(r.startMs)} ms, data load ${Math.round(r.dataset.loadMs)} ms`,
    );
  }
  console.log(
    `Requests: sequential, ${warmup} warm-up then n=${n} per series, one client on loopback in the server's process.`,
  );
  console.log('');
  console.log(renderReport(results, n));
  console.log('');
  console.log(`Total run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (values.json) {
    writeFileSync(
      values.json,
      JSON.stringify({ node: process.version, cpus: cpus.length, n, warmup, results }, null, 2),
    );
  }
  return results.every((r) => r.routes.every((x) => x.http.p95 < BUDGET_P95_MS)) ? 0 : 1;
}

process.once('SIGINT', () => {
  log('interrupted, cleaning up');
  void runCleanups().finally(() => process.exit(130));
});

main()
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err);
    await runCleanups();
    process.exit(2);
  });
