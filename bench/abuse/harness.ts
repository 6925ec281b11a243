/**
 * The abuse bench's harness: the server under attack, raw requests that time their answers, RSS
 * readings, and one attack's record.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { log } from '../lib/cleanup.ts';
import { readRss } from '../pipeline/memory.ts';
import { testdataPath } from '../../testdata/index.ts';

export const JFK_WAV = testdataPath('audio', 'jfk', 'jfk.wav');

export const AUTH_SECRET = 'bench-abuse-secret-bench-abuse-secret-01';

export const PASSWORD = 'correct horse battery staple';

export const MB = 1e6;

/** The bar: no answer slower than this, milliseconds. */
export const ANSWER_BUDGET_MS = 1000;

/** The bar: RSS growth over the whole run, bytes. */
export const RSS_GROWTH_BUDGET_BYTES = 50e6;

/** One HTTP answer as the bench saw it. */
export interface Seen {
  status: number;
  ms: number;
  /** The body's first 160 characters. */
  body: string;
  /** The whole body. */
  text: string;
  headers: Record<string, string>;
}

/** One replayed attack. */
export interface AttackResult {
  name: string;
  /** What the answers were, in a line. */
  outcome: string;
  /** Slowest answer, ms. */
  slowestMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
}

export let base = '';

export let origin = '';

export let pid = 0;

export let clientSeq = 0;

/** A distinct pretend client address per call, so the per-address limit does not mix attacks. */
export function nextClient(): string {
  clientSeq += 1;
  // One entry: with TRUST_PROXY=true the server takes the rightmost.
  return `198.51.${Math.floor(clientSeq / 250)}.${clientSeq % 250}`;
}

export async function send(
  method: string,
  route: string,
  options: { body?: string | Uint8Array; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Seen> {
  const t0 = performance.now();
  const res = await fetch(base + route, {
    method,
    headers: {
      ...(typeof options.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(method === 'GET' ? {} : { origin }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.body,
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  return {
    status: res.status,
    ms,
    body: text.slice(0, 160),
    text,
    headers: Object.fromEntries(res.headers.entries()),
  };
}

export const json = (value: unknown) => JSON.stringify(value);

/**
 * Sends a body of `declaredBytes` (declared in Content-Length, or chunked when null) at most
 * `sendBytes` of it, and resolves with the answer or the way the connection ended.
 */
export function streamBody(
  route: string,
  declaredBytes: number | null,
  sendBytes: number,
  headers: Record<string, string>,
  payload?: Buffer,
): Promise<{ status: number; ms: number; body: string; sentBytes: number }> {
  return new Promise((resolve) => {
    const url = new URL(base + route);
    const t0 = performance.now();
    let sent = 0;
    let done = false;
    const finish = (status: number, body: string) => {
      if (done) return;
      done = true;
      resolve({ status, ms: performance.now() - t0, body: body.slice(0, 160), sentBytes: sent });
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin,
          ...(declaredBytes !== null ? { 'content-length': String(declaredBytes) } : {}),
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => finish(res.statusCode ?? 0, body));
        res.on('error', () => finish(res.statusCode ?? 0, body));
      },
    );
    req.on('error', (err) => finish(0, `connection ended: ${err.message}`));
    const piece = Buffer.alloc(64 * 1024, 0x20);
    piece.write('{"email":"', 0);
    const pump = () => {
      while (!done && sent < sendBytes) {
        const n = Math.min(piece.length, sendBytes - sent);
        const bytes = payload ? payload.subarray(sent, sent + n) : piece.subarray(0, n);
        sent += n;
        if (!req.write(bytes)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!done) req.end();
    };
    // Headers first, as a client expecting 100-continue would: a server that refuses by the
    // declared length answers before the body, and that answer is what this measures.
    req.flushHeaders();
    setTimeout(pump, 50);
  });
}

/**
 * Signs up, then signs in (sign-up signs nobody in: it answers alike for a taken e-mail, decision
 * 011), and returns the session cookie header.
 */
export async function signUp(name: string, email: string): Promise<string> {
  const address = nextClient();
  const post = (route: string, body: unknown) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
      body: json(body),
    });
  const up = await post('/api/auth/sign-up/email', { name, email, password: PASSWORD });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const res = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((p) => !p.endsWith('='))
    .join('; ');
}

export const rssMb = () => readRss(pid).rss / MB;

/** The 'Machine:' line both probes print: Node's version, cores and load averages (1, 5, 15 min). */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `Machine: node ${process.version}, ${os.cpus().length} cores, load ${load}`;
}

/**
 * The server's RSS once it has settled, MB: sampled each second until five samples in a row lie
 * within 1 MB of each other, or `maxMs` passed. V8 gives pages back only after an idle-time
 * (memory-reducing) collection, seconds after a burst, so a reading right after the last attack
 * holds garbage that is about to go; the settled figure is what the run left behind.
 */
export async function settledRssMb(maxMs = 30_000): Promise<{ mb: number; afterMs: number }> {
  const t0 = performance.now();
  const window: number[] = [];
  for (;;) {
    window.push(rssMb());
    if (window.length > 5) window.shift();
    const waited = performance.now() - t0;
    if ((window.length === 5 && Math.max(...window) - Math.min(...window) < 1) || waited > maxMs) {
      return { mb: window[window.length - 1]!, afterMs: waited };
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export const statuses = (seen: { status: number }[]) => {
  const counts = new Map<number, number>();
  for (const s of seen) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n}x ${s}`).join(', ');
};

export async function attack(
  name: string,
  run: () => Promise<{ outcome: string; times: number[] }>,
): Promise<AttackResult> {
  log(name);
  const before = rssMb();
  const { outcome, times } = await run();
  // Let the server settle (freed buffers, finished background work) before reading its RSS.
  await new Promise((r) => setTimeout(r, 1000));
  return {
    name,
    outcome,
    slowestMs: Math.max(0, ...times),
    rssBeforeMb: before,
    rssAfterMb: rssMb(),
  };
}

/** Points the harness at the server under attack: its base URL (also the Origin sent) and pid. */
export function useServer(url: string, serverPid: number): void {
  base = origin = url;
  pid = serverPid;
}
