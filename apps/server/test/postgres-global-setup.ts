/** Vitest global setup of the 'postgres' project: one real PostgreSQL server for the run. */
import type { TestProject } from 'vitest/node';
import { startPostgresServer, type PostgresServer } from '@summy/db/testing';

let server: PostgresServer | undefined;

export async function setup(project: TestProject) {
  server = await startPostgresServer();
  project.provide('postgresUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
