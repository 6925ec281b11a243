/**
 * How Summy runs its embedded PGlite within an idle budget of 200 MB RSS (figures and method:
 * docs/decisions/012-embedded-database-memory-and-durability.md and bench/memory/run.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * postgresql.conf lines of every PGlite open. PGlite runs one backend in single-user mode, so
 * PostgreSQL's defaults (128 MB shared_buffers, 64 MB maintenance_work_mem, 8 MB temp_buffers)
 * buy little and stay resident once touched: 1 MB buffers cost about 30 MB less RSS than 16 MB.
 * work_mem stays at PostgreSQL's 4 MB: ranking chat passages over long transcripts sorts in
 * memory with it (bench/memory measures the chat query with 1 MB and 4 MB).
 */
export const PGLITE_SETTINGS: readonly string[] = [
  'shared_buffers = 1MB',
  'temp_buffers = 1MB',
  'maintenance_work_mem = 1MB',
  'work_mem = 4MB',
  // Zero-filling each new 16 MB WAL segment holds PGlite's one connection: a 2 to 3 s stall of
  // every request once per 16 MB written (indexing a 10-hour transcript crosses one).
  'wal_init_zero = off',
];

// PGlite 0.5 (when its folder has no database) runs initdb in the opening process: a second
// PGlite instance plus a tar copy of the new folder, and the process keeps that memory (idle
// 760 MB after a first start against 290 MB after a restart, measured). This child does it and exits.
const INITDB_SCRIPT = `
const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2]).then((pg) => pg.close()).catch((err) => {
  console.error(err && err.stack ? err.stack : err);
  process.exit(1);
});
`;

/**
 * Creates a new PGlite database in `dir` with a short-lived child Node process when `dir` is
 * absent or empty, so the server process only ever resumes an existing database. The child
 * writes into `<dir>.initializing` and renames it into place when done, so a crash midway leaves
 * no half-made database behind. A non-empty `dir` without a database is left alone (PGlite then
 * reports or repairs it as before).
 * @param dir the PGlite data folder (absolute or relative to the working directory)
 * @returns true when a database was created, false when `dir` already held one
 * @throws Error with the child's stderr when initdb fails
 */
export async function createPgliteDataDir(dir: string): Promise<boolean> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const staging = `${dir}.initializing`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  // The CommonJS entry: `-e` scripts are CommonJS, and require() needs no URL.
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  try {
    await execFileAsync(process.execPath, ['-e', INITDB_SCRIPT, pglite, staging], {
      maxBuffer: 1 << 20,
    });
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`PGlite could not create its database in ${dir}: ${stderr || String(err)}`);
  }
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(staging, dir);
  return true;
}
