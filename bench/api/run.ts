/**
 * API latency benchmark: the meeting list and meeting detail routes of a real Summy server, on
 * PGlite (in memory) and on PostgreSQL, against the budget p95 < 20 ms (one user, sequential
 * requests). Beside every route it times the same SQL sent straight to the database, and it
 * breaks the detail route down (HTTP floor, session lookup, service, JSON) to show where the
 * time goes.
 *
 * The concurrency series loads the first list page with 10, 50 and 200 clients from a separate
 * process (load.ts) and reports requests per second, p95, p99 and their ratio (a tail starved by
 * unfair queueing shows as p99 far above p95), beside a bare Hono route on @hono/node-server in
 * this process answering the same JSON with no session and no database: the ceiling of Hono, Node's
 * HTTP and JSON on this machine.
 *
 * Run from the repository root: `npx tsx bench/api/run.ts`
 * Options: `--n 300` requests per series, `--warmup 30`, `--backends pglite,postgres`,
 * `--series sequential,concurrent`, `--clients 10,50,200`, `--duration 10` (seconds measured per
 * concurrency step, after `--load-warmup 3` seconds), `--json file` to also write the figures.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createAuth } from '../../apps/server/src/auth.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import { startServer } from '../../apps/server/src/server.ts';
import { waitSearchIndexed } from '../../apps/server/test/meetings.ts';
import { getMeeting } from '../../apps/server/src/services/meetings/get-meeting.ts';
import { listMeetings } from '../../apps/server/src/services/meetings/list-meetings.ts';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
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
import { runLoadInChild, type LoadResult } from './load.ts';
import { measure, ms, type LatencySummary } from './stats.ts';
import type { DatabaseHandle } from '@summy/db';
import { openBenchDatabase, type Backend } from '../lib/backend.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';

/** The latency budget of every measured route, p95 in milliseconds. */
export const BUDGET_P95_MS = 20;
/** Under concurrency no request may wait much longer than the rest: p99 within 3 times p95. */
export const MAX_P99_TO_P95 = 3;

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

/** One step of the concurrency series: a target loaded by N clients. */
export interface ConcurrencyResult {
  target: string;
  load: LoadResult;
  /** 1-minute load average of the machine right after the step. */
  loadAverage: number;
}

/** Everything measured on one backend. */
export interface BackendResult {
  backend: Backend;
  dataset: SeededDataset;
  startMs: number;
  routes: RouteResult[];
  breakdown: ComponentResult[];
  plans: { query: string; plan: PlanSummary }[];
  concurrency: ConcurrencyResult[];
}

/** What to run on each backend. */
export interface RunOptions {
  n: number;
  warmup: number;
  sequential: boolean;
  concurrent: boolean;
  /** Client counts of the concurrency series. */
  clients: number[];
  /** Measured seconds, and warm-up seconds, of each concurrency step. */
  durationS: number;
  loadWarmupS: number;
}

const PAGE = 100;
const DEEP_PAGES = 50;
/** A word of the QMSum meetings' talk that the dataset's transcripts repeat. */
const SEARCH_WORD = 'design';

/**
 * A bare Hono app on @hono/node-server in this process: answers `GET /` with `body` through
 * `c.json` (serialized per request, as the real route does), with no middleware, session or
 * database. The concurrency series' reference.
 */
async function serveBareHono(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Hono();
  app.get('/', (c) => c.json(body));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

async function runBackend(backend: Backend, opts: RunOptions): Promise<BackendResult> {
  const { n, warmup } = opts;
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
  // The server's background `search.index` jobs index the loaded meetings; the measurements
  // start once they are done, so the search series measures searching, not indexing.
  const indexT0 = performance.now();
  await waitSearchIndexed(database, 30 * 60_000);
  log(
    `${backend}: search index built in the background in ${Math.round(performance.now() - indexT0)} ms`,
  );

  // PGlite runs on this thread, so the load blocked the event loop for seconds: the keep-alive
  // sockets of the sign-ups have timed out on the server side, and the first reuse can meet the
  // reset. One throw-away request with a retry lets undici drop those sockets.
  await getText(`${server.url}/api/config`, undefined, true);

  const sequential = opts.sequential
    ? await sequentialSeries(backend, server.url, env, database, dataset, me, n, warmup)
    : { routes: [], breakdown: [], plans: [] };
  const concurrency = opts.concurrent
    ? await concurrencySeries(backend, server.url, env, database, me, opts)
    : [];

  // Close this backend now, so the next one has the machine to itself.
  await runCleanups();
  return { backend, dataset, startMs, ...sequential, concurrency };
}

/** The sequential series: every route against the budget, its direct SQL, the breakdown, plans. */
async function sequentialSeries(
  backend: Backend,
  baseUrl: string,
  env: ReturnType<typeof loadEnv>,
  database: DatabaseHandle,
  dataset: SeededDataset,
  me: Session,
  n: number,
  warmup: number,
): Promise<Pick<BackendResult, 'routes' | 'breakdown' | 'plans'>> {
  const random = seededRandom(7);
  const pick = (ids: readonly string[]) => ids[Math.floor(random() * ids.length)]!;
  const listUrl = `${baseUrl}/api/meetings?limit=${PAGE}`;

  // Walk the list through nextCursor to a page deep in the history, checking the pages on the way.
  let cursor: string | null = null;
  for (let page = 0; page < DEEP_PAGES; page++) {
    const body = JSON.parse(
      await getText(cursor ? `${listUrl}&cursor=${cursor}` : listUrl, me.jar),
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
    await getText(`${baseUrl}/api/meetings/${dataset.longMeetingIds[0]}`, me.jar),
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
      bytes = Buffer.byteLength(await getText(url(i), me.jar, i < 0));
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
  // The /meetings search over every meeting's transcript passages; the reference is the same
  // service in process, so the ratio is what HTTP adds.
  await route(
    `GET /api/meetings?search=${SEARCH_WORD} (transcript word)`,
    () => `${listUrl}&search=${SEARCH_WORD}`,
    async () =>
      (await listMeetings(database.db, me.userId, { limit: PAGE, search: SEARCH_WORD })).items
        .length,
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
      () => `${baseUrl}/api/meetings/${httpPick()}`,
      () => directDetail(database, me.userId, directPick()),
    );
  }
  {
    const httpPick = picker(dataset.shortMeetingIds);
    const directPick = picker(dataset.shortMeetingIds);
    await route(
      'GET /api/meetings/:id (short)',
      () => `${baseUrl}/api/meetings/${httpPick()}`,
      () => directDetail(database, me.userId, directPick()),
    );
  }

  // Where the time goes: the pieces of a request, each timed alone in this process.
  const auth = createAuth(env, database.db);
  const uncachedAuth = createAuth({ ...env, sessionCacheSeconds: 0 }, database.db);
  const headers = new Headers({ cookie: me.jar.header });
  const longDetail = await getMeeting(database.db, me.userId, dataset.longMeetingIds[0]!);
  const firstPage = await listMeetings(database.db, me.userId, { limit: PAGE });
  const breakdown: ComponentResult[] = [];
  const component = async (name: string, fn: (i: number) => Promise<unknown>) => {
    breakdown.push({ component: name, latency: await measure(n, warmup, fn) });
  };
  await component('HTTP floor: GET /api/config (no session, no database)', (i) =>
    getText(`${baseUrl}/api/config`, undefined, i < 0),
  );
  {
    const longJson = JSON.stringify(longDetail);
    const bare = await serveFixedBody(longJson);
    cleanups.push(() => bare.close());
    await component(
      `HTTP floor: bare node:http, ${Math.round(longJson.length / 1024)} KB body`,
      (i) => getText(bare.url, undefined, i < 0),
    );
  }
  // A cache hit needs a fresh cache cookie: one request renews the jar's copy first.
  await getText(`${baseUrl}/api/meetings?limit=1`, me.jar);
  const cached = new Headers({ cookie: me.jar.header });
  await component(
    `Better Auth getSession, cookie cache hit (SESSION_CACHE_SECONDS=${env.sessionCacheSeconds})`,
    async () => {
      if (!(await auth.api.getSession({ headers: cached }))) throw new Error('session not found');
    },
  );
  await component('Better Auth getSession, database lookup (cache off)', async () => {
    if (!(await uncachedAuth.api.getSession({ headers }))) throw new Error('session not found');
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

  return { routes, breakdown, plans };
}

/**
 * The concurrency series: the first list page under 10, 50, 200 clients from a separate
 * process, each step beside the bare Hono route answering the same JSON in this process.
 */
async function concurrencySeries(
  backend: Backend,
  baseUrl: string,
  env: ReturnType<typeof loadEnv>,
  database: DatabaseHandle,
  me: Session,
  opts: RunOptions,
): Promise<ConcurrencyResult[]> {
  const firstPage = await listMeetings(database.db, me.userId, { limit: PAGE });
  const bare = await serveBareHono(firstPage);
  cleanups.push(() => bare.close());
  // The same server with the session cookie cache off (a database lookup per request, as before),
  // on the same database and sessions, so both are measured in one run.
  const uncached = await startServer({ ...env, sessionCacheSeconds: 0 }, database, {
    workers: false,
  });
  cleanups.push(() => uncached.close());
  const targets = [
    {
      target: `GET /api/meetings?limit=${PAGE}, SESSION_CACHE_SECONDS=0`,
      url: `${uncached.url}/api/meetings?limit=${PAGE}`,
      cookie: me.jar.header,
    },
    {
      target: `GET /api/meetings?limit=${PAGE}, SESSION_CACHE_SECONDS=${env.sessionCacheSeconds}`,
      url: `${baseUrl}/api/meetings?limit=${PAGE}`,
      cookie: me.jar.header,
    },
    { target: 'bare Hono route, same JSON', url: bare.url, cookie: '' },
  ];
  const out: ConcurrencyResult[] = [];
  for (const clients of opts.clients) {
    for (const t of targets) {
      const load = await runLoadInChild({
        url: t.url,
        cookie: t.cookie,
        clients,
        warmupMs: opts.loadWarmupS * 1000,
        durationMs: opts.durationS * 1000,
      });
      const loadAverage = os.loadavg()[0]!;
      out.push({ target: t.target, load, loadAverage });
      if (load.errors > 0) log(`${backend}: ${t.target}: last error: ${load.lastError}`);
      log(
        `${backend}: ${t.target}, ${clients} clients: ${load.rps.toFixed(0)} req/s, p50 ${ms(load.latency.p50)} p95 ${ms(load.latency.p95)} p99 ${ms(load.latency.p99)} ms (p99/p95 ${tailRatio(load)}), ${load.unanswered} clients unanswered, loop stall max ${load.serverLoopDelayMaxMs?.toFixed(0)} ms, server CPU ${load.serverCpuMsPerRequest?.toFixed(2)} ms/req, ${load.errors} errors, load avg ${loadAverage.toFixed(2)}`,
      );
    }
  }
  return out;
}

/** p99 over p95 of one load step, e.g. '1.08x': how much longer the slowest 1% waited. */
function tailRatio(load: LoadResult): string {
  return `${(load.latency.p99 / load.latency.p95).toFixed(2)}x`;
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

/**
 * The concurrency table: requests per second and latency per target and client count (p50, p95,
 * p99 and p99 over p95 against {@link MAX_P99_TO_P95}), the server's longest event-loop stall, and
 * the route's throughput as a share of the bare Hono route's in the same step.
 */
export function concurrencyTable(results: readonly BackendResult[]): string[] {
  const head = [
    'backend',
    'target',
    'clients',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    `p99/p95 (≤${MAX_P99_TO_P95})`,
    'loop stall ms',
    'errors',
    'of bare',
    'server CPU ms/req',
    'client CPU',
    'load avg',
  ];
  const rows = results.flatMap((r) =>
    r.concurrency.map((x) => {
      const bare = r.concurrency.find(
        (b) => b.target.startsWith('bare') && b.load.clients === x.load.clients,
      );
      const share =
        bare && !x.target.startsWith('bare')
          ? `${Math.round((100 * x.load.rps) / bare.load.rps)}%`
          : '';
      return [
        r.backend,
        x.target,
        String(x.load.clients),
        x.load.rps.toFixed(0),
        ms(x.load.latency.p50),
        ms(x.load.latency.p95),
        ms(x.load.latency.p99),
        tailRatio(x.load),
        x.load.serverLoopDelayMaxMs === undefined ? '' : x.load.serverLoopDelayMaxMs.toFixed(0),
        String(x.load.errors),
        share,
        x.load.serverCpuMsPerRequest === undefined ? '' : x.load.serverCpuMsPerRequest.toFixed(2),
        `${Math.round((100 * x.load.clientCpuMs) / x.load.windowMs)}%`,
        x.loadAverage.toFixed(2),
      ];
    }),
  );
  return table(head, rows);
}

/** Renders the results as Markdown tables (printed, and pasted into docs/performance.md). */
export function renderReport(results: readonly BackendResult[], n: number): string {
  const out: string[] = [];
  if (results.some((r) => r.concurrency.length > 0)) {
    out.push(
      'Concurrency (closed loop from a separate process; client CPU: the load process, share of one core; server CPU: CPU time of the server process per request answered; loop stall: the longest time the server read no socket):',
    );
    out.push('');
    out.push(...concurrencyTable(results));
    out.push('');
  }
  if (results.every((r) => r.routes.length === 0)) return out.join('\n');
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
      series: { type: 'string', default: 'sequential,concurrent' },
      clients: { type: 'string', default: '10,50,200' },
      duration: { type: 'string', default: '10' },
      'load-warmup': { type: 'string', default: '3' },
      json: { type: 'string' },
    },
  });
  const n = Number(values.n);
  const warmup = Number(values.warmup);
  const series = values.series.split(',').map((x) => x.trim());
  for (const x of series)
    if (x !== 'sequential' && x !== 'concurrent') throw new Error(`Unknown series: ${x}`);
  const opts: RunOptions = {
    n,
    warmup,
    sequential: series.includes('sequential'),
    concurrent: series.includes('concurrent'),
    clients: values.clients.split(',').map(Number),
    durationS: Number(values.duration),
    loadWarmupS: Number(values['load-warmup']),
  };
  const backends = values.backends.split(',').map((b) => b.trim()) as Backend[];
  for (const b of backends)
    if (b !== 'pglite' && b !== 'postgres') throw new Error(`Unknown backend: ${b}`);

  const started = performance.now();
  const loadBefore = os.loadavg();
  const results: BackendResult[] = [];
  for (const backend of backends) results.push(await runBackend(backend, opts));

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
  if (opts.sequential) {
    console.log(
      `Requests: sequential, ${warmup} warm-up then n=${n} per series, one client on loopback in the server's process.`,
    );
  }
  if (opts.concurrent) {
    console.log(
      `Concurrency: ${opts.clients.join(', ')} clients, ${opts.loadWarmupS} s warm-up then ${opts.durationS} s measured per step, load from a child process (node:http keep-alive); load average before the run ${loadBefore.map((l) => l.toFixed(2)).join(' ')}.`,
    );
  }
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
  return results.every(
    (r) =>
      r.routes.every((x) => x.http.p95 < BUDGET_P95_MS) &&
      r.concurrency.every((x) => x.load.errors === 0),
  )
    ? 0
    : 1;
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
