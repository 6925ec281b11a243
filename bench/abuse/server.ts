/**
 * Starts Summy for the abuse benches as `npm start` runs it: the bundle built by
 * scripts/build-server.mjs, run with the node flags of scripts/start.sh, PGlite on disk under a
 * temporary folder or a fresh database on a PostgreSQL server the bench starts. Everything is
 * registered with the bench's cleanups.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startPostgresServer } from '@summy/db/testing';
import { cleanups, log } from '../lib/cleanup.ts';
import { spawnNode } from '../pipeline/memory.ts';

const execFileAsync = promisify(execFile);
/** The repository root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** A running bundled server. */
export interface BenchServer {
  /** Loopback base URL, also the PUBLIC_URL (no trailing slash). */
  base: string;
  pid: number;
  /** The node flags it runs with. */
  flags: string[];
}

/** The node flags `npm start` runs the server with (scripts/start.sh), so the bench measures the same. */
export async function serverNodeFlags(): Promise<string[]> {
  const script = await readFile(path.join(REPO_ROOT, 'scripts/start.sh'), 'utf8');
  const line = /exec node (.*?)apps\/server\/dist\/main\.js/.exec(script);
  return (line?.[1] ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Builds the bundle and starts it.
 * @param name temporary folder and PostgreSQL database name part ('abuse', 'stalls')
 * @param env extra settings (AUTH_SECRET, TRUST_PROXY, ...)
 */
export async function startBenchServer(
  name: string,
  backend: 'pglite' | 'postgres',
  env: Record<string, string>,
): Promise<BenchServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), `summy-bench-${name}-`));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  log('building the server bundle (scripts/build-server.mjs)');
  await execFileAsync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT });
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    const pgServer = await startPostgresServer();
    cleanups.push(() => pgServer.stop());
    databaseUrl = await pgServer.createDatabase(`summy_bench_${name}`);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = await serverNodeFlags();
  const child = await spawnNode([...flags, 'apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: path.join(root, 'data'),
      // malloc tuning, when the caller sets it (as scripts/start.sh may), reaches the server too.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([k]) => k.startsWith('MALLOC_')) as [string, string][],
      ),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    ready: /Summy is running at/,
    timeoutMs: 180_000,
  });
  cleanups.push(() => child.stop());
  return { base, pid: child.pid, flags };
}
