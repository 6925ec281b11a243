/**
 * Opens Summy's database: PGlite (embedded, files under a data folder) by default, or a
 * PostgreSQL server when a connection URL is given. Both are driven through Drizzle with the same
 * schema and the same generated migrations, and both deliver LISTEN/NOTIFY.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

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
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
}

/** Called with the payload text of each notification on a channel. */
export type NotificationListener = (payload: string) => void;

/** An open database with its raw LISTEN support and migration state. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /** Applies pending migrations (idempotent) and returns the tags now applied. */
  migrate(): Promise<string[]>;
  /** Tags of the migrations recorded as applied, oldest first. */
  appliedMigrations(): Promise<string[]>;
  /** Runs raw SQL and returns its rows (benchmarks, health checks). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** The PGlite instance, when `kind` is 'pglite' (pg-boss's adapter needs it). */
  pglite?: PGlite;
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
 * Opens the database named by the options. Throws when PostgreSQL cannot be reached or PGlite
 * cannot open its folder; does not migrate (call `migrate()`).
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir);
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

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  // 16 MB shared buffers keeps PGlite near 200 MB RSS (DESIGN.md, verified facts).
  const client = new PGlite(dir ?? 'memory://', { postgresqlconf: ['shared_buffers = 16MB'] });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
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
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
      return readApplied(query);
    },
    appliedMigrations: () => readApplied(query),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dead connection in an idle pool must not crash the process.
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const query: DatabaseHandle['query'] = async (text, params) =>
    (await pool.query(text, params ?? [])).rows as never[];
  // One dedicated connection carries every LISTEN of this process.
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<NotificationListener>>();
  async function listenClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    client.on('error', (err) => console.error('[db] listen client error:', err.message));
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    await client.connect();
    listener = client;
    return client;
  }
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    query,
    async listen(channel, handler) {
      const client = await listenClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async migrate() {
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
      return readApplied(query);
    },
    appliedMigrations: () => readApplied(query),
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
