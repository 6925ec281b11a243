/** Starts Summy's real entry point (src/main.ts) as a child process, as `npm start` does. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@summy/db/testing';

const mainFile = path.resolve(import.meta.dirname, '../src/main.ts');
const cliFile = path.resolve(import.meta.dirname, '../src/cli/summy.ts');

/** A Summy process and what it printed. */
export interface SummyProcess {
  child: ChildProcess;
  url: string;
  /** Its PUBLIC_URL, the Origin its clients present. */
  origin: string;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Spawns `tsx src/main.ts` with the given settings (and a fresh DATA_DIR unless given). */
export async function spawnSummy(settings: Record<string, string> = {}): Promise<SummyProcess> {
  const port = settings.PORT ?? String(await freePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'summy-proc-')),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...settings,
    PORT: port,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    origin: env.PUBLIC_URL!,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Polls `/api/health` until it answers 200 (or the process dies, or time runs out). */
export async function waitHealthy(proc: SummyProcess, timeoutMs = 60_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`Summy exited: ${proc.output()}`);
    try {
      const res = await fetch(`${proc.url}/api/health`);
      if (res.status === 200) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Summy did not become healthy: ${proc.output()}`);
}

/** What a finished command printed, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run summy -- <args>` (src/cli/summy.ts under tsx) as a child with these settings
 * (plus PATH and HOME) and resolves when it exits, whatever its code; 120 s at most.
 */
export async function runSummyCli(
  settings: Record<string, string>,
  args: string[],
): Promise<CliRun> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...settings };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', cliFile, ...args],
      { env, timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliRun;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
