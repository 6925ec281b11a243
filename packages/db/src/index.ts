/** @summy/db: schema, migrations and the database client (PGlite or PostgreSQL). */
export * from './client.ts';
export {
  DataDirLockedError,
  processStartTicks,
  type DataDirLock,
  type LockHolder,
} from './data-dir-lock.ts';
export { FairQueue, runInArrivalOrder } from './fair-queue.ts';
export { setDatabaseLog, type DatabaseLog } from './log.ts';
export { createPgliteDataDir, PGLITE_SETTINGS } from './pglite-setup.ts';
export { PGliteThread } from './pglite-thread.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
