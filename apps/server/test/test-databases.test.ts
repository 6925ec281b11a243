/**
 * The test databases themselves: each is a copy of the run's template, migrated once by the
 * project's global setup (docs/testing.md), so a server start over it finds no migration to apply;
 * `{ migrated: false }` still gives a database without any, for tests of the migrations.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { knownMigrations, type DatabaseHandle } from '@summy/db';
import { startServer } from '../src/server.ts';
import { openTestDatabase, testDbKind, testEnv } from './harness.ts';

/** Drizzle's record of applied migrations: one row per migration, written when it is applied. */
const RECORD = 'select id, hash, created_at from drizzle.__drizzle_migrations order by id';
/** Tables outside PostgreSQL's own schemas. */
const TABLES = `select table_schema, table_name from information_schema.tables
  where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`;

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

describe(`test databases (${testDbKind})`, () => {
  it('start with every migration applied, so a server start applies none', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    expect(await db.appliedMigrations()).toEqual(await knownMigrations());
    const before = await db.query(RECORD);
    expect(before).toHaveLength((await knownMigrations()).length);

    const server = await startServer(testEnv(), db, { workers: false });
    try {
      expect(await db.query(RECORD)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('start empty when asked for an unmigrated one, and the migrations then apply', async () => {
    const db = await openTestDatabase({ migrated: false });
    opened.push(db);
    expect(await db.appliedMigrations()).toEqual([]);
    expect(await db.query(TABLES)).toEqual([]);

    expect(await db.migrate()).toEqual(await knownMigrations());
    expect(await db.query(TABLES)).toContainEqual({
      table_schema: 'public',
      table_name: 'meetings',
    });
  });

  it('are separate: what one test database holds, the next does not', async () => {
    const first = await openTestDatabase();
    opened.push(first);
    await first.query(`insert into "user" (id, name, email) values ('only-here', 'A', 'a@x.test')`);
    const second = await openTestDatabase();
    opened.push(second);
    expect(await second.query(`select id from "user"`)).toEqual([]);
  });
});
