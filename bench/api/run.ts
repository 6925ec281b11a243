/**
 * API latency benchmark: the meeting list and meeting detail routes of a real Summy server, on
 * PGlite (in memory) and on PostgreSQL, against the budget p95 < 20 ms (one user, sequential
 * requests), and search everywhere (`GET /api/search`, the Cmd+K palette) against p95 < 50 ms. Beside every route it times the same SQL sent straight to the database, and it
 * breaks the detail route down (HTTP floor, session lookup, service, JSON) to show where the
 * time goes.
 *
 * The concurrency series loads the hot routes (the first list page, one meeting, the session check,
 * the event stream's connection) with 10, 50 and 200 clients from a separate process (load.ts) and reports requests per second, p95, p99 and their ratio (a tail starved by
 * unfair queueing shows as p99 far above p95), beside a bare Hono route on @hono/node-server in
 * this process answering the same JSON with no session and no database: the ceiling of Hono, Node's
 * HTTP and JSON on this machine.
 *
 * Run from the repository root: `npx tsx bench/api/run.ts`
 * Options: `--n 300` requests per series, `--warmup 30`, `--backends pglite,postgres`,
 * `--series sequential,concurrent`, `--clients 10,50,200`, `--duration 10` (seconds measured per
 * concurrency step, after `--load-warmup 3` seconds), `--json file` to also write the figures,
 * `--targets list,meeting,session,events` the hot routes of the concurrency series, `--no-profile`
 * to skip the CPU profile of each hot route under the largest client count (its top frames and
 * packages by self time, profile.ts).
 * Exit code 1 when a route missed its p95 budget, a load step had errors, or a Summy route's p99
 * went past 3 times its p95 (report.ts `tailBound`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadEnv } from '../../apps/server/src/env.ts';
import { startServer } from '../../apps/server/src/server.ts';
import { waitSearchIndexed } from '../../apps/server/test/meetings.ts';
import { listMeetings } from '../../apps/server/src/services/meetings/list-meetings.ts';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { getText, signUp, type Session } from './client.ts';
import { DEFAULT_DATASET, readTurns, seedDataset } from './dataset.ts';
import { runLoadInChild } from './load.ts';
import { profileWhile, renderProfile } from './profile.ts';
import { buildSearchIndex } from './search-index.ts';
import { ms } from './stats.ts';
import { rateLimit, type DatabaseHandle } from '@summy/db';
import { openBenchDatabase, type Backend } from '../lib/backend.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';
import type { BackendResult, ConcurrencyResult } from './report.ts';
import { budgetOf, renderReport, tailBound, tailRatio } from './report.ts';
import { PAGE, sequentialSeries } from './series.ts';

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
  /** Whether to profile the server's CPU under the largest client count after the series. */
  profile: boolean;
  /** Hot routes the concurrency series loads. */
  routes: HotRoute[];
}

/**
 * A bare Hono app on @hono/node-server in this process: answers `GET /` with `body` through
 * `c.json` (serialized per request, as the real route does), and `GET /events` with one
 * Server-Sent Event on a stream left open, with no middleware, session or database. The
 * concurrency series' references.
 */
async function serveBareHono(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Hono();
  app.get('/', (c) => c.json(body));
  // The event stream's reference: one `ready` event, then open until the client leaves.
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: 'ready', data: '{}' });
      await new Promise<void>((resolve) => stream.onAbort(resolve));
    }),
  );
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
  // No job workers: the bench writes the search index itself (search-index.ts), and a
  // `search.index` job must not rebuild the same meetings meanwhile.
  const server = await startServer(env, database, { workers: false });
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
  // The search passages the `search.index` job would write, written in bulk; the measurements
  // start once no meeting is stale, so the search series measures searching, not indexing. Only
  // the sequential series searches.
  if (opts.sequential) {
    const index = await buildSearchIndex(database);
    await waitSearchIndexed(database, 60_000);
    log(
      `${backend}: search index of ${index.passages} passages built in ${Math.round(index.ms)} ms`,
    );
  }

  // PGlite runs on this thread, so the load blocked the event loop for seconds: the keep-alive
  // sockets of the sign-ups have timed out on the server side, and the first reuse can meet the
  // reset. One throw-away request with a retry lets undici drop those sockets.
  await getText(`${server.url}/api/config`, undefined, true);

  const sequential = opts.sequential
    ? await sequentialSeries(backend, server.url, env, database, dataset, me, n, warmup)
    : { routes: [], breakdown: [], plans: [] };
  const concurrency = opts.concurrent
    ? await concurrencySeries(
        backend,
        server.url,
        env,
        database,
        me,
        dataset.shortMeetingIds[0]!,
        opts,
      )
    : [];

  // Close this backend now, so the next one has the machine to itself.
  await runCleanups();
  return { backend, dataset, startMs, ...sequential, concurrency };
}

/** A route of the concurrency series. */
interface LoadTarget {
  /** Name in the report; `bare…` marks the reference. */
  target: string;
  url: string;
  /** Whose sessions its clients send: the measured user's, the stream users', none. */
  as: 'me' | 'streamers' | 'nobody';
  sse?: boolean;
  /** Whether `--profile` profiles it under the largest client count. */
  profile: boolean;
}

/** The hot routes the concurrency series can load (`--targets`). */
export const HOT_ROUTES = ['list', 'meeting', 'session', 'events'] as const;
/** One of {@link HOT_ROUTES}. */
export type HotRoute = (typeof HOT_ROUTES)[number];

/** Open event streams per user the events target allows itself: under the server's cap of 8. */
const STREAMS_PER_USER = 6;

/**
 * The concurrency series: the hot routes (the first list page, one meeting, the session check and
 * the event stream's connection) under 10, 50, 200 clients from a separate process, each step
 * beside the bare Hono route answering the list's JSON in this process. The events target opens a
 * stream, reads its first event and closes, as browsers reconnecting after a restart do; its
 * clients are spread over enough users to stay under the per-user stream cap.
 */
async function concurrencySeries(
  backend: Backend,
  baseUrl: string,
  env: ReturnType<typeof loadEnv>,
  database: DatabaseHandle,
  me: Session,
  meetingId: string,
  opts: RunOptions,
): Promise<ConcurrencyResult[]> {
  const firstPage = await listMeetings(database.db, me.userId, { limit: PAGE });
  const bare = await serveBareHono(firstPage);
  cleanups.push(() => bare.close());
  const clientsMax = Math.max(...opts.clients);
  const targets: LoadTarget[] = [];
  if (opts.routes.includes('list')) {
    // The same server with the session cookie cache off (a database lookup per request, as
    // before), on the same database and sessions, so both are measured in one run.
    const uncached = await startServer({ ...env, sessionCacheSeconds: 0 }, database, {
      workers: false,
    });
    cleanups.push(() => uncached.close());
    targets.push(
      {
        target: `GET /api/meetings?limit=${PAGE}, SESSION_CACHE_SECONDS=0`,
        url: `${uncached.url}/api/meetings?limit=${PAGE}`,
        as: 'me',
        profile: false,
      },
      {
        target: `GET /api/meetings?limit=${PAGE}, SESSION_CACHE_SECONDS=${env.sessionCacheSeconds}`,
        url: `${baseUrl}/api/meetings?limit=${PAGE}`,
        as: 'me',
        profile: true,
      },
    );
  }
  if (opts.routes.includes('meeting')) {
    targets.push({
      target: 'GET /api/meetings/{id} (short meeting)',
      url: `${baseUrl}/api/meetings/${meetingId}`,
      as: 'me',
      profile: true,
    });
  }
  if (opts.routes.includes('session')) {
    targets.push({
      target: 'GET /api/auth/get-session',
      url: `${baseUrl}/api/auth/get-session`,
      as: 'me',
      profile: true,
    });
  }
  const streamers: Session[] = [];
  if (opts.routes.includes('events')) {
    const users = Math.ceil(clientsMax / STREAMS_PER_USER);
    for (let i = 0; i < users; i++) {
      // The sign-up limiter (per client address) would refuse the sixth: these are the bench's
      // own users on the bench's own database, so its counters are cleared between sign-ups.
      await database.db.delete(rateLimit);
      streamers.push(
        await signUp(baseUrl, env.publicUrl, `Stream Person ${i}`, `stream-${i}@example.com`),
      );
    }
    targets.push({
      target: `GET /api/events, connect to first event (${users} users)`,
      url: `${baseUrl}/api/events`,
      as: 'streamers',
      sse: true,
      profile: true,
    });
  }
  targets.push({
    target: 'bare Hono route, same JSON',
    url: bare.url,
    as: 'nobody',
    profile: false,
  });
  if (opts.routes.includes('events')) {
    targets.push({
      target: 'bare Hono event stream, connect to first event',
      url: `${bare.url}events`,
      as: 'nobody',
      sse: true,
      profile: false,
    });
  }

  // A fresh session cookie cache, as a browser in use holds: a cookie minted at sign-up has
  // expired, and 200 clients renewing it at once would measure the renewal.
  const refresh = async (t: LoadTarget) => {
    const sessions = t.as === 'me' ? [me] : t.as === 'streamers' ? streamers : [];
    for (const s of sessions) await getText(`${baseUrl}/api/auth/get-session`, s.jar);
    return {
      url: t.url,
      cookie: '',
      cookies: sessions.map((s) => s.jar.header),
      sse: t.sse,
    };
  };
  const out: ConcurrencyResult[] = [];
  for (const clients of opts.clients) {
    for (const t of targets) {
      const load = await runLoadInChild({
        ...(await refresh(t)),
        clients,
        warmupMs: opts.loadWarmupS * 1000,
        durationMs: opts.durationS * 1000,
      });
      const loadAverage = os.loadavg()[0]!;
      out.push({ target: t.target, load, loadAverage });
      if (load.errors > 0) log(`${backend}: ${t.target}: last error: ${load.lastError}`);
      log(
        `${backend}: ${t.target}, ${clients} clients: ${load.rps.toFixed(0)} req/s, p50 ${ms(load.latency.p50)} p95 ${ms(load.latency.p95)} p99 ${ms(load.latency.p99)} ms (p99/p95 ${tailRatio(load)}), ${load.unanswered} clients unanswered, loop stall max ${load.serverLoopDelayMaxMs?.toFixed(0)} ms, GC max ${load.serverGcMaxMs?.toFixed(0)} sum ${load.serverGcMs?.toFixed(0)} ms (${load.serverMajorGcs} full), server CPU ${load.serverCpuMsPerRequest?.toFixed(2)} ms/req, ${load.errors} errors, load avg ${loadAverage.toFixed(2)}`,
      );
    }
  }
  if (opts.profile) {
    // Separate steps: sampling slows the server, so the measured steps above run without it.
    for (const t of targets.filter((x) => x.profile)) {
      const spec = await refresh(t);
      const { profile } = await profileWhile(() =>
        runLoadInChild({
          ...spec,
          clients: clientsMax,
          warmupMs: 1000,
          durationMs: opts.durationS * 1000,
        }),
      );
      console.log(renderProfile(`${backend}: ${t.target}, ${clientsMax} clients`, profile));
    }
  }
  return out;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      n: { type: 'string', default: '300' },
      warmup: { type: 'string', default: '30' },
      backends: { type: 'string', default: 'pglite,postgres' },
      series: { type: 'string', default: 'sequential,concurrent' },
      clients: { type: 'string', default: '10,50,200' },
      duration: { type: 'string', default: '10' },
      'load-warmup': { type: 'string', default: '3' },
      profile: { type: 'boolean', default: true },
      targets: { type: 'string', default: HOT_ROUTES.join(',') },
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
    profile: values.profile,
    routes: values.targets.split(',').map((x) => x.trim()) as HotRoute[],
  };
  for (const r of opts.routes)
    if (!(HOT_ROUTES as readonly string[]).includes(r)) throw new Error(`Unknown target: ${r}`);
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
      r.routes.every((x) => x.http.p95 < budgetOf(x)) &&
      r.concurrency.every((x) => x.load.errors === 0),
  ) && tailBound(results).pass
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
