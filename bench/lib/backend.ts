/**
 * The database a benchmark measures: PGlite in memory, or a new database on a PostgreSQL server
 * started for the run (stopped by the clean-up steps).
 */
import { openDatabase, type DatabaseHandle } from '@summy/db';
import { startPostgresServer } from '@summy/db/testing';
import { cleanups } from './cleanup.ts';

/** The backends the benchmarks know. */
export type Backend = 'pglite' | 'postgres';

/** Opens an empty, unmigrated database on `backend`; `name` names the PostgreSQL database. */
export async function openBenchDatabase(backend: Backend, name: string): Promise<DatabaseHandle> {
  if (backend === 'pglite') return openDatabase({});
  const pgServer = await startPostgresServer();
  cleanups.push(async () => {
    // pg's pool.end() resolves before its sockets have closed; stopping the server at once makes
    // the backends of those sockets report "terminating connection due to administrator command".
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pgServer.stop();
  });
  return openDatabase({ databaseUrl: await pgServer.createDatabase(name) });
}
