/**
 * Vitest global setup of the 'postgres' project: one real PostgreSQL server for the run, with a
 * template database migrated once; each test database is a copy of it (`CREATE DATABASE …
 * TEMPLATE`, harness.ts `createPostgresDatabase`; docs/testing.md).
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@summy/db';
import { startPostgresServer, type PostgresServer } from '@summy/db/testing';

/** The migrated template's name. */
const TEMPLATE = 'summy_template';

let server: PostgresServer | undefined;

export async function setup(project: TestProject) {
  server = await startPostgresServer();
  const db = await openDatabase({
    databaseUrl: await server.createDatabase(TEMPLATE),
    poolSize: 1,
  });
  try {
    await db.migrate();
  } finally {
    // PostgreSQL copies a database only while nothing is connected to it.
    await db.close();
  }
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplate', TEMPLATE);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated database that test databases are copied from. */
    postgresTemplate: string;
  }
}
