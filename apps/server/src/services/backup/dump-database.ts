/**
 * The database part of a backup: every table of schema `public` as JSON lines, read in one
 * REPEATABLE READ, READ ONLY transaction so that all tables (and the audio keys they name) come
 * from one snapshot while the server goes on writing (docs/decisions/061-backup-and-restore.md).
 * pg-boss's schema and drizzle's migration log are not dumped: a restore recreates both.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@summy/db';
import { keyFromAudioUrl } from '../../storage/types.ts';
import { DATABASE_FOLDER, type ManifestTable } from './archive.ts';

/**
 * Rows fetched per round trip from the dump's cursor: few enough that rows of MBs (meetings with
 * long transcripts) stay within the server's memory budget.
 */
const FETCH_ROWS = 100;

/** A dumped table: manifest data plus the local file of its JSON lines and its size in bytes. */
export interface DumpedTable extends ManifestTable {
  file: string;
  entryPath: string;
  size: number;
}

/** What `dumpDatabase` wrote and read, all from one snapshot. */
export interface DatabaseDump {
  /** ISO 8601 time of the snapshot. */
  takenAt: string;
  tables: DumpedTable[];
  /** Storage object keys the snapshot names (meeting audio, voice profile clips), sorted. */
  audioKeys: string[];
}

type Executor = { execute(query: ReturnType<typeof sql.raw>): Promise<unknown> };

async function rows<T>(tx: Executor, text: string): Promise<T[]> {
  return ((await tx.execute(sql.raw(text))) as { rows: T[] }).rows;
}

/** Identifier quoted for SQL. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The base tables of schema `public` with their stored (non-generated) columns, each after the
 * tables its foreign keys point at (so a restore can insert them in this order). Works inside or
 * outside a transaction.
 */
export async function publicTables(tx: Executor): Promise<{ name: string; columns: string[] }[]> {
  const found = await rows<{ name: string; columns: string[] | string }>(
    tx,
    `select c.table_name::text as name,
            json_agg(c.column_name::text order by c.ordinal_position) as columns
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      group by c.table_name
      order by c.table_name`,
  );
  const references = await rows<{ child: string; parent: string }>(
    tx,
    `select distinct child.relname::text as child, parent.relname::text as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const tables = found.map((t) => ({
    name: t.name,
    columns: typeof t.columns === 'string' ? (JSON.parse(t.columns) as string[]) : t.columns,
  }));
  // Depth-first: a table comes after its parents. Summy's schema has no cycle of foreign keys.
  const parents = new Map<string, string[]>();
  for (const r of references) parents.set(r.child, [...(parents.get(r.child) ?? []), r.parent]);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: typeof tables = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) place(parent, path);
    placed.add(name);
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const t of tables) place(t.name, new Set());
  return ordered;
}

/**
 * Dumps every table into `{dir}/{table}.jsonl` (streamed through a cursor, `FETCH_ROWS` rows at a
 * time) and collects the audio keys, in one read-only snapshot. On PGlite the transaction holds
 * the database's single connection: the server's other queries wait until the dump is written
 * (the audio is read afterwards, outside it).
 */
export async function dumpDatabase(database: DatabaseHandle, dir: string): Promise<DatabaseDump> {
  return database.db.transaction(
    async (tx) => {
      const takenAt = new Date().toISOString();
      const tables: DumpedTable[] = [];
      for (const table of await publicTables(tx)) {
        tables.push(await dumpTable(tx, table, dir));
      }
      const keys = new Set<string>();
      const named = await rows<{ v: string }>(
        tx,
        `select audio_url as v from meetings where audio_url is not null
         union select sample_key from voice_profiles where sample_key is not null`,
      );
      for (const { v } of named) {
        const key = keyFromAudioUrl(v);
        if (key) keys.add(key);
      }
      return { takenAt, tables, audioKeys: [...keys].sort() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function dumpTable(
  tx: Executor,
  table: { name: string; columns: string[] },
  dir: string,
): Promise<DumpedTable> {
  const file = path.join(dir, `${table.name}.jsonl`);
  const out = createWriteStream(file);
  let size = 0;
  let count = 0;
  const columns = table.columns.map(quoteIdent).join(', ');
  await tx.execute(
    sql.raw(
      `declare summy_backup no scroll cursor for
         select row_to_json(x)::text as j from (select ${columns} from ${quoteIdent(table.name)}) x`,
    ),
  );
  try {
    for (;;) {
      const batch = await rows<{ j: string }>(tx, `fetch forward ${FETCH_ROWS} from summy_backup`);
      if (batch.length === 0) break;
      const text = Buffer.from(batch.map((r) => `${r.j}\n`).join(''), 'utf8');
      size += text.length;
      count += batch.length;
      if (!out.write(text)) await once(out, 'drain');
    }
  } finally {
    await tx.execute(sql.raw('close summy_backup'));
    out.end();
    await once(out, 'close');
  }
  return {
    name: table.name,
    columns: table.columns,
    rows: count,
    file,
    entryPath: `${DATABASE_FOLDER}${table.name}.jsonl`,
    size,
  };
}
