/**
 * Opens Summy's database: PGlite (embedded, files under a data folder) by default, or a
 * PostgreSQL server when a connection URL is given. Both are driven through Drizzle with the same
 * schema and the same generated migrations, and both deliver LISTEN/NOTIFY.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PgListenConnection, type NotificationListener } from './pg-listen.ts';
import { dbLog } from './log.ts';
import { queuePgliteFairly } from './fair-queue.ts';
import { createPgliteDataDir, PGLITE_SETTINGS } from './pglite-setup.ts';
import { PGliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export {
  LISTEN_RETRY_MAX_MS,
  LISTEN_RETRY_MIN_MS,
  listenRetryDelayMs,
  type NotificationListener,
} from './pg-listen.ts';

/** Key of the PostgreSQL advisory lock held while migrating (any constant unique to Summy). */
const MIGRATION_LOCK_KEY = 0x5355_4d4d; // 'SUMM'

/** Drizzle database over either driver, typed with Summy's schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which engine backs the database. */
export type DatabaseKind = 'pglite' | 'postgres';

/** Where to open the database: a PostgreSQL URL, else a PGlite folder (or memory when absent). */
export interface OpenDatabaseOptions {
  /** `postgres://…` URL; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * A dump of an in-memory PGlite (`PGliteThread.dumpDataDir`) to start from instead of initdb;
   * only without `pgliteDir`. The tests' template database (docs/testing.md).
   */
  pgliteLoadDataDir?: Uint8Array | undefined;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /** postgresql.conf lines for PGlite instead of `PGLITE_SETTINGS` (bench/memory compares them). */
  pgliteSettings?: readonly string[];
  /**
   * What this process is (e.g. "the Summy server", "summy demo"), written in the PGlite folder's
   * lock so that a process refused the folder can say who holds it.
   */
  holder?: string;
}

/** An open database with its raw LISTEN support and migration state. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /**
   * Runs `callback` each time the LISTEN connection was lost (e.g. PostgreSQL restarted) and is
   * back, with every channel listened again. Notifications sent meanwhile are lost for good, so
   * callers tell their clients to reload. Never fires on PGlite, whose
   * listener lives in the process. Returns the function that unregisters it.
   */
  onListenResumed(callback: () => void): () => void;
  /**
   * Applies pending migrations (idempotent) and returns the tags now applied.
   * @param folder a drizzle-kit migrations folder other than this package's (a restore applies a
   *   copy whose journal stops at an archive's migration; docs/decisions/061-backup-and-restore.md)
   */
  migrate(folder?: string): Promise<string[]>;
  /** Tags of the migrations recorded as applied, oldest first. */
  appliedMigrations(): Promise<string[]>;
  /** Runs raw SQL and returns its rows (benchmarks, health checks). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /**
   * The PGlite instance, when `kind` is 'pglite' (pg-boss's adapter needs it): a proxy whose
   * database runs on its own thread (pglite-thread.ts).
   */
  pglite?: PGliteThread;
  /** The pg pool, when `kind` is 'postgres'. */
  pool?: pg.Pool;
  /** The connection URL, when `kind` is 'postgres' (pg-boss opens its own pool). */
  url?: string;
  close(): Promise<void>;
}

/**
 * Folder of the drizzle-kit migrations shipped with this package, found through the package's own
 * manifest so it holds both from the sources and from the server's bundle (scripts/build-server.mjs).
 */
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@summy/db/package.json')),
  'migrations',
);

// Drizzle records applied migrations in drizzle.__drizzle_migrations by hash and creation time;
// the journal maps those times back to tags so health can name them.
async function journalTags(): Promise<Map<number, string>> {
  const { readFile } = await import('node:fs/promises');
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  return new Map(journal.entries.map((e) => [e.when, e.tag]));
}

/** Every migration tag in the journal, oldest first. */
export async function knownMigrations(): Promise<string[]> {
  return [...(await journalTags()).values()];
}

/**
 * Opens the database named by the options; does not migrate (call `migrate()`). A PGlite folder
 * is locked for this process until `close()` (data-dir-lock.ts).
 * @throws DataDirLockedError when another live process has the PGlite folder open
 * @throws Error when PostgreSQL cannot be reached or PGlite cannot open its folder
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(
    options.pgliteDir,
    options.pgliteSettings ?? PGLITE_SETTINGS,
    options.holder ?? defaultHolder(),
    options.pgliteLoadDataDir,
  );
}

/** `node main.ts` style description of this process, when the opener gives none. */
function defaultHolder(): string {
  return process.argv
    .slice(1)
    .map((a) => path.basename(a))
    .join(' ')
    .slice(0, 200);
}

async function readApplied(query: DatabaseHandle['query']): Promise<string[]> {
  const tags = await journalTags();
  try {
    const rows = await query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at',
    );
    return rows.map((r) => tags.get(Number(r.created_at)) ?? String(r.created_at));
  } catch {
    return [];
  }
}

async function openPglite(
  dir: string | undefined,
  settings: readonly string[],
  holder: string,
  loadDataDir: Uint8Array | undefined,
): Promise<DatabaseHandle> {
  if (dir && loadDataDir) throw new Error('A PGlite dump loads only into a database in memory');
  // Before anything touches the folder, initdb included: its child runs under this lock.
  const lock = dir ? await lockDataDir(dir, holder) : undefined;
  let client: PGliteThread;
  try {
    if (dir) {
      mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
      // initdb in a child process: this one only resumes (pglite-setup.ts).
      await createPgliteDataDir(dir);
    }
    // On a worker thread, so statements never hold this thread's event loop (decision 041).
    client = await PGliteThread.create({
      dataDir: dir,
      postgresqlconf: [...settings],
      loadDataDir,
    });
    // Requests first come, first served, with sockets read between two queries (fair-queue.ts).
    queuePgliteFairly(client);
  } catch (err) {
    lock?.release();
    throw err;
  }
  // Drizzle only calls query() and transaction(), which PGliteThread has from PGlite's BasePGlite.
  const asPglite = client as unknown as PGlite;
  const db = drizzlePglite({ client: asPglite, schema }) as unknown as Database;
  const query: DatabaseHandle['query'] = async (text, params) =>
    (await client.query(text, params ?? [])).rows as never[];
  return {
    db,
    kind: 'pglite',
    pglite: client,
    query,
    async listen(channel, listener) {
      const unsub = await client.listen(channel, listener);
      return async () => unsub();
    },
    onListenResumed: () => () => undefined,
    async migrate(folder = migrationsFolder) {
      await migratePglite(drizzlePglite({ client: asPglite }), { migrationsFolder: folder });
      return readApplied(query);
    },
    appliedMigrations: () => readApplied(query),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dead connection in an idle pool must not crash the process.
  pool.on('error', (err) => dbLog.warn({ err }, '[db] idle client error'));
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const query: DatabaseHandle['query'] = async (text, params) =>
    (await pool.query(text, params ?? [])).rows as never[];
  const listens = new PgListenConnection(url);
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    query,
    listen: (channel, handler) => listens.listen(channel, handler),
    onListenResumed: (callback) => listens.onResumed(callback),
    async migrate(folder = migrationsFolder) {
      // Processes starting together (web and worker roles, replicas) migrate one at a time: the
      // first applies the migrations, the others wait on this session lock and find none left.
      const holder = await pool.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        // On the lock's own connection: a pool of one has no other to give.
        await migratePg(drizzlePg({ client: holder }), { migrationsFolder: folder });
      } finally {
        await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        holder.release();
      }
      return readApplied(query);
    },
    appliedMigrations: () => readApplied(query),
    async close() {
      await listens.close();
      await pool.end();
    },
  };
}
