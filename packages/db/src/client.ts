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
import { dbLog } from './log.ts';
import { queuePgliteFairly } from './fair-queue.ts';
import { createPgliteDataDir, PGLITE_SETTINGS } from './pglite-setup.ts';
import { PGliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

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

/** Called with the payload text of each notification on a channel. */
export type NotificationListener = (payload: string) => void;

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

/** First wait before reconnecting a lost LISTEN connection (ms); doubled per failed attempt. */
export const LISTEN_RETRY_MIN_MS = 100;
/** Longest wait between two reconnection attempts of the LISTEN connection (ms). */
export const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * Wait before reconnection attempt `attempt` (0-based) of the LISTEN connection, in ms:
 * {@link LISTEN_RETRY_MIN_MS} doubled per attempt up to {@link LISTEN_RETRY_MAX_MS}, then jittered
 * down to between half and all of it so that several processes do not reconnect in step after a
 * restart. `random` is a source in [0, 1), `Math.random` by default.
 */
export function listenRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
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
  // One dedicated connection carries every LISTEN of this process. The pool replaces its dead
  // connections by itself, this one is not pooled: when it ends (PostgreSQL restarted, network
  // cut) it is reopened with back-off and listens again on every channel.
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const handlers = new Map<string, Set<NotificationListener>>();
  const resumed = new Set<() => void>();

  async function connectListener(): Promise<pg.Client> {
    // keepAlive lets the kernel notice a peer that vanished without closing the connection.
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('error', (err) => {
      dbLog.warn({ err }, '[db] listen client error');
      lost(client);
    });
    client.on('end', () => lost(client));
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    try {
      await client.connect();
      // Channels may be added while the LISTENs run: loop until none is missing, then hand the
      // client over with no await in between, so a `listen()` either finds its channel listened
      // here or finds `listener` set and listens itself.
      const done = new Set<string>();
      for (;;) {
        const missing = [...handlers.keys()].filter((c) => !done.has(c));
        if (missing.length === 0) break;
        for (const channel of missing) {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          done.add(channel);
        }
      }
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      throw new Error('database closed');
    }
    listener = client;
    return client;
  }

  function lost(client: pg.Client) {
    if (listener !== client) return;
    listener = undefined;
    client.end().catch(() => undefined);
    if (!closed) reconnect(0);
  }

  function reconnect(attempt: number) {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connecting = connectListener();
      connecting.then(
        () => {
          connecting = undefined;
          dbLog.info({ attempts: attempt + 1 }, '[db] listen client reconnected');
          for (const callback of resumed) callback();
        },
        (err: Error) => {
          connecting = undefined;
          if (attempt === 0) dbLog.warn({ err }, '[db] listen client reconnecting');
          if (!closed) reconnect(attempt + 1);
        },
      );
    }, listenRetryDelayMs(attempt));
    retryTimer.unref?.();
  }

  return {
    db,
    kind: 'postgres',
    pool,
    url,
    query,
    async listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (listener) await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        // A connection being (re)made listens on every channel in `handlers`, this one included.
        else if (connecting) await connecting.catch(() => undefined);
        // The first call connects, and throws when PostgreSQL cannot be reached.
        else if (!retryTimer) {
          connecting = connectListener();
          try {
            await connecting;
          } catch (err) {
            handlers.delete(channel);
            throw err;
          } finally {
            connecting = undefined;
          }
        }
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    onListenResumed(callback) {
      resumed.add(callback);
      return () => {
        resumed.delete(callback);
      };
    },
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
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener ?? (await connecting?.catch(() => undefined));
      listener = undefined;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
