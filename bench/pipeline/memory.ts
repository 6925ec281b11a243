/**
 * Memory measurement of bench/pipeline: servers run as child processes, and their resident set
 * size is read from `/proc/<pid>/status` (VmRSS, and VmHWM, the process's peak since start)
 * every 20 ms while an upload streams in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** One reading of a process's memory, bytes. */
export interface RssReading {
  /** VmRSS: resident set size now. */
  rss: number;
  /** VmHWM: the largest resident set size since the process started. */
  hwm: number;
}

/** Reads VmRSS and VmHWM of a live process (Linux). */
export function readRss(pid: number): RssReading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!m) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(m[1]) * 1024;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Samples a process's RSS on a timer. */
export class RssSampler {
  readonly samples: { t: number; rss: number }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly pid: number,
    readonly intervalMs = 20,
  ) {}

  /** Takes one sample now; returns its RSS in bytes. */
  sample(): number {
    const { rss } = readRss(this.pid);
    this.samples.push({ t: performance.now(), rss });
    return rss;
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => {
      try {
        this.sample();
      } catch {
        // the process ended; stop() follows
      }
    }, this.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The samples taken at or after `t` (performance.now()). */
  since(t: number): number[] {
    return this.samples.filter((s) => s.t >= t).map((s) => s.rss);
  }
}

/** A child process of the benchmark. */
export interface Child {
  pid: number;
  /** The first stdout match of the ready pattern. */
  ready: RegExpExecArray;
  /** Last few KB of its stdout and stderr, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<ChildProcess>();
// Last resort when the benchmark dies without running its cleanups: no child outlives it.
process.once('exit', () => {
  for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/**
 * Spawns `node <args>` in `cwd` with exactly `env`, and resolves once a line of its stdout
 * matches `ready`.
 * @throws Error with its output when it exits or is not ready within `timeoutMs`
 */
export async function spawnNode(
  args: string[],
  options: {
    cwd: string;
    env: Record<string, string>;
    ready: RegExp;
    timeoutMs?: number;
    /** Called with the pid at once, before ready (bench/memory samples the start). */
    onSpawn?: (pid: number) => void;
  },
): Promise<Child> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) options.onSpawn?.(child.pid);
  live.add(child);
  let log = '';
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  void exited.then(() => live.delete(child));

  const stop = async (graceMs = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
  };

  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    let buffered = '';
    let settled = false;
    const timer = setTimeout(
      () => fail(`not ready after ${options.timeoutMs ?? 60_000} ms`),
      options.timeoutMs ?? 60_000,
    );
    const onData = (d: Buffer) => {
      buffered += d.toString();
      const m = options.ready.exec(buffered);
      if (m && !settled) {
        settled = true;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(m);
      }
    };
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop(1000).then(() =>
        reject(new Error(`node ${args.join(' ')}: ${why}\n${log.trim()}`)),
      );
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code}) before ready`));
    child.once('error', (err) => fail(err.message));
  });
  return { pid: child.pid!, ready, output: () => log, stop };
}
