/**
 * Starts a throw-away PostgreSQL server from Debian's packages (initdb + postgres on a loopback
 * port) for tests and benchmarks. As root it runs the server as the `postgres` user, since
 * PostgreSQL refuses to run as root.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A running server: `url` connects as superuser `postgres` to database `postgres`. */
export interface PostgresServer {
  url: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /**
   * Stops the server (fast shutdown: open connections are cut, as in a real restart) and starts it
   * again on the same port and data; resolves once it accepts connections again. For tests of
   * reconnection; never on a server other test files share.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Folder of PostgreSQL's server binaries (Debian: /usr/lib/postgresql/N/bin). */
export function findPostgresBin(): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const bin = path.join(base, v, 'bin');
      if (existsSync(path.join(bin, 'postgres'))) return bin;
    }
  }
  throw new Error('PostgreSQL server binaries not found: install the Debian package "postgresql"');
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** Starts a fresh server in a temporary folder; resolves once it accepts connections. */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const asPg = (cmd: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const [initCmd, initArgs] = asPg(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-sync',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const [cmd, args] = asPg(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
    '-c',
    'shared_buffers=128MB',
  ]);
  // Spawns the postmaster and waits until it accepts connections.
  const launch = async (): Promise<ChildProcess> => {
    const child: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return child;
      } catch {
        await client.end().catch(() => undefined);
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`PostgreSQL did not start: ${log}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  // runuser does not forward signals: stop the postmaster itself (SIGINT: fast shutdown).
  const halt = async (child: ChildProcess) => {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (child.exitCode === null && pid > 0) process.kill(pid, 'SIGINT');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  };
  let child = await launch();
  let n = 0;
  return {
    url,
    port,
    async createDatabase(name = `summy_${process.pid}_${Date.now()}_${n++}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      await client.end();
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async restart() {
      await halt(child);
      child = await launch();
    },
    async stop() {
      await halt(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
