/**
 * Starts Summy's real entry point as a child process, as `npm start` does: the bundle of the
 * sources as they are now (server-bundle.ts).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrationsFolder, openDatabase } from '@summy/db';
import { freePort } from '@summy/db/testing';
import { serverBundleArgs } from './server-bundle.ts';

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

/** How {@link spawnSummy} prepares the process's data. */
export interface SpawnOptions {
  /**
   * Start from a copy of a migrated embedded database ({@link migratedPgliteTemplate}) instead of
   * creating one: a first start's initdb and migrations cost about 5 s of CPU, a third of what a
   * test that starts a server spends. Only when DATA_DIR holds no database yet and no
   * DATABASE_URL is set; never for a test of the first start itself.
   */
  migrated?: boolean;
}

/**
 * Spawns the server bundle as `npm start` runs it ({@link serverBundleArgs}) with the given
 * settings (and a fresh DATA_DIR unless given); with `options.migrated`, over a copy of a migrated
 * embedded database.
 */
export async function spawnSummy(
  settings: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<SummyProcess> {
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
  const pgliteDir = path.join(env.DATA_DIR!, 'pglite');
  if (options.migrated && !env.DATABASE_URL && !existsSync(pgliteDir)) {
    cpSync(await migratedPgliteTemplate(), pgliteDir, { recursive: true });
  }
  const child = spawn(process.execPath, await serverBundleArgs(), {
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

/**
 * How long a spawned server may take to answer its health check, ms. A first start runs initdb
 * and every migration, 8.2 s of CPU (3.6 s over a migrated copy); at a load of 40 on two cores a
 * process gets a tenth of a core or less, and 60 s ran out for three servers there. The wait ends
 * at once when the process exits, so the bound only matters for a server that is alive and slow.
 */
export const HEALTHY_TIMEOUT_MS = 180_000;

/**
 * Polls `/api/health` until it answers 200, while the process lives.
 * @returns the health answer's JSON
 * @throws Error with its output when the process exits first, or when it is still not healthy
 *   after `timeoutMs` (naming the time, the load average and whether it still runs)
 */
export async function waitHealthy(
  proc: SummyProcess,
  timeoutMs = HEALTHY_TIMEOUT_MS,
): Promise<unknown> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (proc.child.exitCode !== null) throw new Error(`Summy exited: ${proc.output()}`);
    try {
      const res = await fetch(`${proc.url}/api/health`);
      if (res.status === 200) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const load = os.loadavg()[0]!.toFixed(1);
  throw new Error(
    `Summy at ${proc.url} was not healthy after ${Math.round(timeoutMs / 1000)} s ` +
      `(still running, load average ${load}): ${proc.output()}`,
  );
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

/** The template of this process, once made or found. */
let template: Promise<string> | undefined;

/**
 * A PGlite data folder with every migration applied, made once per machine for each set of
 * migrations and PGlite version (the folder's name carries their hash) and shared by the test
 * processes: `os.tmpdir()/summy-migrated-pglite-<hash>`, about 40 MB. Made the way the server
 * makes its own (initdb in a child process, then the migrations) in a staging folder that is
 * renamed into place, so a process never copies a half-made template and two that race both
 * finish with one.
 * @returns the template folder's path
 * @throws Error when PGlite cannot create or migrate the database
 */
export function migratedPgliteTemplate(): Promise<string> {
  template ??= makeTemplate();
  return template;
}

async function makeTemplate(): Promise<string> {
  const hash = createHash('sha256');
  // PGlite's entry file stands for its version (the package does not export its package.json).
  hash.update(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(readFileSync(file));
  }
  const dir = path.join(os.tmpdir(), `summy-migrated-pglite-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const staging = mkdtempSync(`${dir}.staging-`);
  try {
    const database = await openDatabase({ pgliteDir: path.join(staging, 'pglite') });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    try {
      renameSync(path.join(staging, 'pglite'), dir);
    } catch (err) {
      // Another process renamed its template into place first: use that one.
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw err;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}
