/**
 * Closed-loop HTTP load for the API benchmark's concurrency series, run in a child process so the
 * client does not share the measured server's event loop: N clients, each on its own keep-alive
 * socket, send a GET, read the whole answer, and send the next at once.
 *
 * The client is `node:http` with a keep-alive `Agent` rather than `fetch`: it costs a fraction of
 * fetch's CPU per request, which matters on 2 cores where client and server compete. Each client
 * keeps its own cookie jar (updated from `Set-Cookie`, as a browser would), so a server that
 * refreshes a cookie (Better Auth's cookie cache) sees what a browser would send.
 *
 * Run as a child by `runLoadInChild`; `runLoad` is the same loop in the calling process.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import {
  constants,
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
} from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CookieJar } from './client.ts';
import { summarize, type LatencySummary } from './stats.ts';

/** What to load, and for how long. */
export interface LoadSpec {
  /** Full URL of the GET, on a loopback address. */
  url: string;
  /** `cookie` request header every client starts with ('' for none). */
  cookie: string;
  /**
   * Cookies of further sessions: when given, client i starts with `cookies[i % length]` instead of
   * `cookie` (several users, for a route with a per-user cap such as the event stream).
   */
  cookies?: string[];
  /**
   * The route is a Server-Sent Events stream: a request counts as answered once the first event
   * (up to its blank line) has arrived, and the client then closes the connection and opens a new
   * one, as a browser reconnecting does. Its latency is connect to first event.
   */
  sse?: boolean;
  /** Concurrent clients (one request in flight each). */
  clients: number;
  /** Untimed load before the measured window, milliseconds. */
  warmupMs: number;
  /** Measured window, milliseconds. */
  durationMs: number;
}

/** Figures of one load run. */
export interface LoadResult {
  clients: number;
  /** Requests answered 200 within the measured window (completed in it, sent at any time). */
  requests: number;
  /** Answers other than 200, and failed connections, within the window. */
  errors: number;
  /** Requests answered 200 per second of the window. */
  rps: number;
  /**
   * Clients with no answer at all within the window: starved while others were served (a fair
   * server leaves none at any client count it can answer within the window).
   */
  unanswered: number;
  /** Latency of the requests answered 200 within the window (ms, send to last body byte). */
  latency: LatencySummary;
  /** The last failure's message ('' when none). */
  lastError: string;
  /** Bytes of the last answer body. */
  bytes: number;
  /** CPU time the load process spent during the window, milliseconds (user + system). */
  clientCpuMs: number;
  /** Length of the window, milliseconds. */
  windowMs: number;
  /**
   * CPU time of the process that runs the server (the caller of `runLoadInChild`) during the
   * window, milliseconds (user + system), and per request answered. Unlike requests per second it
   * hardly moves when other programs share the cores. Undefined from `runLoad`.
   */
  serverCpuMs?: number;
  serverCpuMsPerRequest?: number;
  /**
   * Longest stall of the server process's event loop during the window, ms (the longest time no
   * socket could be read: PGlite's queries run on that loop). Undefined from `runLoad`.
   */
  serverLoopDelayMaxMs?: number;
  /**
   * The server process's garbage collection during the window: its longest pause and the pauses'
   * sum, ms (`PerformanceObserver` 'gc' entries; the main thread's isolate only). Beside the loop
   * stall it tells a collector's pause from other stalls. Undefined from `runLoad`.
   */
  serverGcMaxMs?: number;
  serverGcMs?: number;
  /**
   * Full (mark-compact) collections of the server process in the window: on a busy machine each
   * stalled the loop several times its own pause. Undefined from `runLoad`.
   */
  serverMajorGcs?: number;
}

/**
 * Runs the closed loop in this process.
 * @param onWindow called when the measured window starts and when it ends
 * @throws Error when not a single request of the window succeeded (a broken route is not fast)
 */
export async function runLoad(
  spec: LoadSpec,
  onWindow: (edge: 'start' | 'end') => void = () => {},
): Promise<LoadResult> {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.clients });
  const start = performance.now();
  const windowStart = start + spec.warmupMs;
  const windowEnd = windowStart + spec.durationMs;
  const samples: number[] = [];
  let errors = 0;
  let bytes = 0;
  let lastError = '';
  let cpuAtWindowStart: NodeJS.CpuUsage | undefined;
  const startTimer = setTimeout(() => {
    cpuAtWindowStart = process.cpuUsage();
    onWindow('start');
  }, spec.warmupMs);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onWindow('end');
  };
  const endTimer = setTimeout(end, spec.warmupMs + spec.durationMs);

  const once = (jar: CookieJar) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          headers: {
            cookie: jar.header,
            accept: spec.sse ? 'text/event-stream' : 'application/json',
          },
        },
        (res) => {
          let size = 0;
          let text = '';
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (!spec.sse || res.statusCode !== 200) return;
            text += chunk.toString('utf8');
            if (!text.includes('\n\n')) return;
            // The first event is in: close this stream (its socket is not reused).
            jar.update(res.headers['set-cookie']);
            bytes = size;
            resolve(res.statusCode);
            res.destroy();
          });
          res.on('end', () => {
            jar.update(res.headers['set-cookie']);
            bytes = size;
            resolve(res.statusCode ?? 0);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });

  const answered = new Set<number>();
  const client = async (_: unknown, index: number) => {
    const jar = new CookieJar(
      spec.cookies?.length ? spec.cookies[index % spec.cookies.length]! : spec.cookie,
    );
    while (performance.now() < windowEnd) {
      const t0 = performance.now();
      let status = 0;
      try {
        status = await once(jar);
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
      }
      const t1 = performance.now();
      // Completions within the window count, whenever they started: with 200 clients and seconds
      // of latency, counting only requests sent inside the window would miss its first seconds.
      if (t1 < windowStart || t1 > windowEnd) continue;
      if (status === 200) {
        samples.push(t1 - t0);
        answered.add(index);
      } else {
        errors++;
        if (status) lastError = `status ${status}`;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.clients }, client));
  clearTimeout(startTimer);
  clearTimeout(endTimer);
  // The clients can stop a moment before the timer fires: the server's figures still need the edge.
  end();
  const cpu = process.cpuUsage(cpuAtWindowStart);
  agent.destroy();
  if (samples.length === 0) {
    throw new Error(`no request to ${spec.url} succeeded (${errors} errors; last: ${lastError})`);
  }
  return {
    clients: spec.clients,
    requests: samples.length,
    errors,
    lastError,
    unanswered: spec.clients - answered.size,
    rps: samples.length / (spec.durationMs / 1000),
    latency: summarize(samples),
    bytes,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
    windowMs: spec.durationMs,
  };
}

/**
 * Runs `runLoad` in a child Node.js process (this file, under tsx) and resolves to its figures,
 * with this process's CPU time and longest event-loop stall over the child's measured window
 * (`serverCpuMs`, `serverLoopDelayMaxMs`).
 * @throws Error when the child fails or exits without an answer
 */
export function runLoadInChild(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    let cpuStart: NodeJS.CpuUsage | undefined;
    let cpuWindow: NodeJS.CpuUsage | undefined;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    let loopDelayMaxMs: number | undefined;
    const gc = { on: false, maxMs: 0, sumMs: 0, majors: 0 };
    const gcObserver = new PerformanceObserver((list) => {
      if (!gc.on) return;
      for (const e of list.getEntries()) {
        gc.maxMs = Math.max(gc.maxMs, e.duration);
        gc.sumMs += e.duration;
        const { kind } = (e as unknown as { detail?: { kind?: number } }).detail ?? {};
        if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.majors += 1;
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    child.on(
      'message',
      (msg: { window?: 'start' | 'end'; result?: LoadResult; error?: string }) => {
        if (msg.window === 'start') {
          cpuStart = process.cpuUsage();
          loopDelay.enable();
          gc.on = true;
        } else if (msg.window === 'end') {
          cpuWindow = process.cpuUsage(cpuStart);
          loopDelay.disable();
          loopDelayMaxMs = loopDelay.max / 1e6;
          gc.on = false;
          gcObserver.disconnect();
        } else if (msg.result) {
          answered = true;
          const serverCpuMs = cpuWindow ? (cpuWindow.user + cpuWindow.system) / 1000 : undefined;
          resolve({
            ...msg.result,
            serverCpuMs,
            serverCpuMsPerRequest:
              serverCpuMs === undefined ? undefined : serverCpuMs / msg.result.requests,
            serverLoopDelayMaxMs: loopDelayMaxMs,
            serverGcMaxMs: gc.maxMs,
            serverGcMs: gc.sumMs,
            serverMajorGcs: gc.majors,
          });
        } else {
          answered = true;
          reject(new Error(`load process: ${msg.error}`));
        }
      },
    );
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!answered) reject(new Error(`load process exited with ${code} and no figures`));
    });
    child.send(spec);
  });
}

// As a child: take one spec, answer the figures, exit.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  process.once('message', (spec: LoadSpec) => {
    runLoad(spec, (edge) => process.send!({ window: edge })).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (err: unknown) =>
        process.send!({ error: err instanceof Error ? err.message : String(err) }, () =>
          process.exit(1),
        ),
    );
  });
}
