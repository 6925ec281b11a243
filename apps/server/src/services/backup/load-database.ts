/**
 * The database side of a restore: the schema as of the archive's last migration (this build's
 * migrations up to that tag), the archived rows, the sequences, then this build's remaining
 * migrations (docs/decisions/061-backup-and-restore.md).
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { knownMigrations, migrationsFolder, type Database, type DatabaseHandle } from '@summy/db';
import type { BackupManifest, ManifestTable } from './archive.ts';
import { publicTables, quoteIdent } from './dump-database.ts';

/** An archive this build cannot restore: written by a newer schema, or its target not empty. */
export class RestoreRefusedError extends Error {}

/** Rows per INSERT statement of a restore, at the most. */
const INSERT_ROWS = 500;
/** JSON bytes per INSERT statement, at the most (a meeting row with its transcript can be MBs). */
const INSERT_BYTES = 4 * 1024 * 1024;

/**
 * Refuses an archive whose migrations are not a prefix of this build's: one this build does not
 * know means a newer Summy wrote it.
 * @throws RestoreRefusedError naming the unknown migration
 */
export async function checkArchiveSchema(manifest: BackupManifest): Promise<void> {
  const known = await knownMigrations();
  manifest.schema.migrations.forEach((tag, i) => {
    if (known[i] === tag) return;
    throw new RestoreRefusedError(
      known.includes(tag)
        ? `The archive's migrations are not in this build's order (${tag}); it cannot be restored here.`
        : `The archive comes from a newer Summy (${manifest.summyVersion}): its schema has migration ${tag}, which this build does not know. Upgrade Summy, then restore.`,
    );
  });
}

/**
 * Refuses a database holding any row in schema `public`, or migrated past the archive.
 * @throws RestoreRefusedError
 */
export async function checkDatabaseEmpty(
  database: DatabaseHandle,
  manifest: BackupManifest,
): Promise<void> {
  for (const { name } of await publicTables(database.db)) {
    const [row] = await database.query<{ any: boolean }>(
      `select exists (select 1 from ${quoteIdent(name)}) as any`,
    );
    if (row?.any)
      throw new RestoreRefusedError(
        `The target database is not empty (table ${name} has rows). Restore into an empty database; nothing was changed.`,
      );
  }
  const applied = await database.appliedMigrations();
  if (applied.some((tag, i) => manifest.schema.migrations[i] !== tag))
    throw new RestoreRefusedError(
      'The target database has a newer schema than the archive. Restore into an empty database; nothing was changed.',
    );
}

/**
 * Applies this build's migrations up to and including `lastTag` (all of them when empty), through
 * a copy of the migrations folder whose journal stops there.
 */
export async function migrateUpTo(database: DatabaseHandle, lastTag: string): Promise<void> {
  const all = await knownMigrations();
  const count = lastTag ? all.indexOf(lastTag) + 1 : 0;
  if (count === all.length) {
    await database.migrate();
    return;
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'summy-migrations-'));
  try {
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, count);
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries)
      await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    await database.migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Inserts the JSON lines of `body` into `table` (its archived columns; generated columns are
 * recomputed), up to `INSERT_ROWS` rows or `INSERT_BYTES` per statement, and resolves with the number of rows.
 * @throws RestoreRefusedError when the table is not in this database's schema
 */
export async function loadTable(
  tx: Pick<Database, 'execute'>,
  table: ManifestTable,
  body: AsyncIterable<unknown>,
): Promise<number> {
  const columns = table.columns.map(quoteIdent).join(', ');
  const target = quoteIdent(table.name);
  let batch: string[] = [];
  let bytes = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(
      sql`insert into ${sql.raw(target)} (${sql.raw(columns)}) overriding system value
          select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(target)}, ${`[${batch.join(',')}]`}::json)`,
    );
    count += batch.length;
    batch = [];
    bytes = 0;
  };
  const lines = createInterface({ input: Readable.from(body), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.length === 0) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return count;
}

/**
 * Sets every sequence owned by a column of schema `public` past the largest value restored, so
 * that new rows do not collide with restored ones.
 */
export async function resetSequences(tx: Pick<Database, 'execute'>): Promise<void> {
  const owned = (
    (await tx.execute(
      sql.raw(`select t.relname::text as tbl, a.attname::text as col, s.oid::regclass::text as seq
         from pg_class s
         join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
         join pg_class t on t.oid = d.refobjid
         join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
         join pg_namespace n on n.oid = t.relnamespace
        where s.relkind = 'S' and n.nspname = 'public'`),
    )) as { rows: { tbl: string; col: string; seq: string }[] }
  ).rows;
  for (const { tbl, col, seq } of owned) {
    await tx.execute(
      sql`select setval(${seq}::regclass, coalesce((select max(${sql.raw(quoteIdent(col))}) from ${sql.raw(quoteIdent(tbl))}), 0) + 1, false)`,
    );
  }
}
