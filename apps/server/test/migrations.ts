/**
 * Testing a data migration: a copy of the migrations folder that stops just before it, and
 * migrating a database to such a folder, so a test can seed rows as they were, then migrate the
 * rest of the way as a server start would (`handle.migrate()`).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, type DatabaseHandle } from '@summy/db';

interface Journal {
  entries: { tag: string }[];
}

/**
 * A temporary copy of the migrations folder whose journal ends just before the migration whose
 * tag matches `tag`; the caller removes it.
 */
export function migrationsBefore(tag: RegExp): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => tag.test(e.tag));
  expect(at, `the migration ${tag} is in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Applies the migrations of `folder` to the database, PGlite or PostgreSQL. */
export async function migrateTo(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    // PGliteThread has the query() and transaction() Drizzle calls (packages/db/src/pglite-thread.ts).
    const client = handle.pglite! as unknown as PGlite;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
  } else {
    await migratePg(drizzlePg({ client: handle.pool! }), { migrationsFolder: folder });
  }
}
