/**
 * Start-up measurements of the memory bench: each subject started as a child process, its RSS and
 * CPU sampled from the first millisecond.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { freePort } from '@summy/db/testing';
import { signUp, type Session } from '../api/client.ts';
import { summarize } from '../api/stats.ts';
import { cleanups } from '../lib/cleanup.ts';
import { readRss, spawnNode } from '../pipeline/memory.ts';

export const execFileAsync = promisify(execFile);

/** RSS sampling interval during a start, milliseconds. */
export const START_SAMPLE_MS = 50;

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0';

export const CLK_TCK = 100;

export const PGLITE_ENTRY = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** One start of one subject. Bytes, milliseconds. */
export interface StartRun {
  startMs: number;
  /** CPU of the process and its waited-for children (the initdb child) until ready. */
  startCpuMs: number;
  /** Largest RSS of the process tree (process plus children) sampled during the start. */
  peakBytes: number;
  readyBytes: number;
  idleBytes: number;
  /** Largest RSS sampled while idling. */
  idleMaxBytes: number;
  /** CPU used while idling, milliseconds per second of idling. */
  idleCpuMsPerS: number;
}

export interface Subject {
  name: string;
  /** Node flags. */
  flags: string[];
  kind: 'bare' | 'summy';
  /** postgresql.conf lines of the bare process (undefined: PGlite's defaults). */
  conf?: readonly string[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

export const median = (xs: readonly number[]) => summarize(xs).p50;

/** The Node flags of scripts/start.sh's `exec node … apps/server/dist/main.js` line. */
export function startShFlags(): string[] {
  const script = readFileSync(path.join(REPO_ROOT, 'scripts/start.sh'), 'utf8');
  const m = /^exec node (.*?)\s*apps\/server\/dist\/main\.js\s*$/m.exec(script);
  if (!m) throw new Error('scripts/start.sh has no `exec node … apps/server/dist/main.js` line');
  return m[1]!.split(/\s+/).filter(Boolean);
}

/**
 * The environment scripts/start.sh exports for the server: its `export NAME="${NAME:-value}"`
 * lines, with their defaults.
 */
export function startShEnv(): Record<string, string> {
  const script = readFileSync(path.join(REPO_ROOT, 'scripts/start.sh'), 'utf8');
  const env: Record<string, string> = {};
  for (const m of script.matchAll(/^export (\w+)="\$\{\1:-([^}]*)\}"\s*$/gm)) env[m[1]!] = m[2]!;
  return env;
}

/** utime+stime+cutime+cstime of a live process, milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14.
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / CLK_TCK;
}

/** RSS of a process and all its descendants, bytes (0 for a process that is gone). */
export function treeRss(pid: number): number {
  let total = 0;
  try {
    total = readRss(pid).rss;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const kids = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      for (const kid of kids ? kids.split(' ') : []) total += treeRss(Number(kid));
    }
  } catch {
    // exited between readings
  }
  return total;
}

export function childEnv(extra: Record<string, string>): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR'];
  return {
    ...Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []))),
    ...extra,
  };
}

/**
 * Starts `subject` on `dataDir`, idles `idleS` seconds, stops it.
 * @param session Summy only: signs up (first start) or reuses this user (restart)
 */
export async function measureStart(
  subject: Subject,
  dataDir: string,
  bareBundle: string,
  idleS: number,
  session: { current?: Session },
): Promise<StartRun> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args =
    subject.kind === 'bare'
      ? [
          ...subject.flags,
          bareBundle,
          PGLITE_ENTRY,
          dataDir,
          ...(subject.conf ? [JSON.stringify(subject.conf)] : []),
        ]
      : [...subject.flags, 'apps/server/dist/main.js'];
  const env = childEnv(
    subject.kind === 'bare'
      ? {}
      : {
          ...startShEnv(),
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          AUTH_SECRET,
        },
  );
  let peak = 0;
  let pid = 0;
  // spawnNode resolves at ready; sample the tree meanwhile through the pid it reports via /proc.
  const t0 = performance.now();
  const sampler = setInterval(() => {
    if (pid) peak = Math.max(peak, treeRss(pid));
  }, START_SAMPLE_MS);
  const childPromise = spawnNode(args, {
    cwd: REPO_ROOT,
    env,
    ready: subject.kind === 'bare' ? /^ready$/m : /Summy is running/,
    timeoutMs: 600_000,
    onSpawn: (p) => (pid = p),
  });
  let child;
  try {
    child = await childPromise;
  } finally {
    clearInterval(sampler);
  }
  cleanups.push(() => child.stop());
  const startMs = performance.now() - t0;
  const startCpuMs = cpuMs(child.pid);
  const readyBytes = readRss(child.pid).rss;
  peak = Math.max(peak, readRss(child.pid).hwm);
  if (subject.kind === 'summy') {
    if (!session.current) {
      session.current = await signUp(url, url, 'Bench', `bench-${port}@example.com`);
    } else {
      const res = await fetch(`${url}/api/meetings`, {
        headers: { cookie: session.current.cookie },
      });
      if (res.status !== 200) throw new Error(`GET /api/meetings answered ${res.status}`);
      await res.arrayBuffer();
    }
  }
  const idleCpu0 = cpuMs(child.pid);
  const idle0 = performance.now();
  let idleMax = 0;
  while (performance.now() - idle0 < idleS * 1000) {
    await sleep(1000);
    idleMax = Math.max(idleMax, readRss(child.pid).rss);
  }
  const idleBytes = readRss(child.pid).rss;
  const idleCpuMsPerS = (cpuMs(child.pid) - idleCpu0) / ((performance.now() - idle0) / 1000);
  await child.stop();
  cleanups.pop();
  return {
    startMs,
    startCpuMs,
    peakBytes: peak,
    readyBytes,
    idleBytes,
    idleMaxBytes: idleMax,
    idleCpuMsPerS,
  };
}
