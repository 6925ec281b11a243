/**
 * Restores a backup archive (archive.ts) into an empty data folder or empty database and empty
 * storage (docs/decisions/061-backup-and-restore.md, docs/self-hosting.md "Backup and restore").
 * Everything is checked before anything is written: the archive whole (checksums, truncation),
 * its schema (not newer than this build), the target (empty). Then the rows load in one
 * transaction and the audio is copied; a failure removes what the restore wrote.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase, type DatabaseHandle } from '@summy/db';
import type { Env } from '../../env.ts';
import { createStorage } from '../../storage/index.ts';
import { contentTypeForKey, isValidObjectKey, type Storage } from '../../storage/types.ts';
import {
  AUDIO_FOLDER,
  AUTH_SECRET_ENTRY,
  DATABASE_FOLDER,
  DamagedArchiveError,
  readArchive,
  verifyArchive,
  type BackupManifest,
} from './archive.ts';
import {
  RestoreRefusedError,
  checkArchiveSchema,
  checkDatabaseEmpty,
  loadTable,
  migrateUpTo,
  resetSequences,
} from './load-database.ts';

export { RestoreRefusedError };

/** What a restore did: the manifest, rows per table, audio objects copied. */
export interface RestoreSummary {
  manifest: BackupManifest;
  rows: Record<string, number>;
  audioObjects: number;
  /** Migrations applied after loading (the archive's schema was older), oldest first. */
  migratedAfter: string[];
  /** What became of the archived server's generated AUTH_SECRET, when it had one. */
  authSecret?: 'restored' | 'same' | 'differs';
}

/** Where a restore writes: the settings' database and storage. */
export type RestoreEnv = Pick<
  Env,
  'dataDir' | 'databaseUrl' | 's3' | 'publicUrl' | 'authSecret' | 'authSecretFrom'
>;

/**
 * Restores `file` into the database and storage that `env` configures.
 * @throws DamagedArchiveError when the archive is truncated, fails a checksum or is no backup
 * @throws RestoreRefusedError when the archive is from a newer schema or the target is not empty
 * @throws DataDirLockedError when a process has the PGlite folder open
 */
export async function restoreBackup(env: RestoreEnv, file: string): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new RestoreRefusedError(`No such file: ${file}`);
  const manifest = await verifyArchive(file);
  await checkArchiveSchema(manifest);
  const storage = createStorage(env as Env);
  for await (const object of storage.list())
    throw new RestoreRefusedError(
      `The target storage is not empty (it holds ${object.key}). Restore into empty storage; nothing was changed.`,
    );
  const pgliteDir = path.join(env.dataDir, 'pglite');
  const staging = `${pgliteDir}.restoring`;
  if (!env.databaseUrl) {
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0)
      throw new RestoreRefusedError(
        `The data folder already has a database (${pgliteDir}). Restore into an empty DATA_DIR; nothing was changed.`,
      );
    if (existsSync(staging))
      throw new RestoreRefusedError(
        `${staging} exists: an interrupted restore left it. Remove it, then restore again.`,
      );
  }
  // PGlite: built beside the final folder and moved into place when complete.
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    pgliteDir: staging,
    holder: 'summy restore',
  });
  const written: string[] = [];
  let done = false;
  try {
    if (database.kind === 'postgres') await checkDatabaseEmpty(database, manifest);
    await migrateUpTo(database, manifest.schema.lastMigration);
    const secret: { value?: string } = {};
    const rows = await loadArchive(database, storage, file, manifest, written, secret);
    const before = await database.appliedMigrations();
    const after = await database.migrate();
    await database.close();
    if (database.kind === 'pglite') await rename(staging, pgliteDir);
    done = true;
    return {
      manifest,
      rows,
      audioObjects: written.length,
      migratedAfter: after.slice(before.length),
      ...(secret.value ? { authSecret: await restoreSecret(env, secret.value) } : {}),
    };
  } finally {
    if (!done) {
      await database.close().catch(() => undefined);
      for (const key of written) await storage.delete(key).catch(() => undefined);
      if (database.kind === 'pglite') await rm(staging, { recursive: true, force: true });
    }
  }
}

/** Second pass over the verified archive: rows in one transaction, audio into storage. */
async function loadArchive(
  database: DatabaseHandle,
  storage: Storage,
  file: string,
  manifest: BackupManifest,
  written: string[],
  secret: { value?: string },
): Promise<Record<string, number>> {
  const tables = new Map(manifest.tables.map((t) => [`${DATABASE_FOLDER}${t.name}.jsonl`, t]));
  const counts: Record<string, number> = {};
  await database.db.transaction(async (tx) => {
    await readArchive(file, async ({ path: entryPath, size, body }) => {
      const table = tables.get(entryPath);
      if (table) {
        counts[table.name] = await loadTable(tx, table, body);
        if (counts[table.name] !== table.rows)
          throw new DamagedArchiveError(
            `The archive's ${table.name} rows do not match its manifest.`,
          );
        return;
      }
      if (entryPath === AUTH_SECRET_ENTRY) {
        secret.value = String(await body.concat()).trim();
        return;
      }
      if (!entryPath.startsWith(AUDIO_FOLDER)) return;
      const key = entryPath.slice(AUDIO_FOLDER.length);
      if (!isValidObjectKey(key))
        throw new DamagedArchiveError(`Invalid object key in the archive: ${key}`);
      await storage.put(key, Readable.from(body), contentTypeForKey(key), { size });
      written.push(key);
    });
    await resetSequences(tx);
  });
  return counts;
}

/**
 * Puts the archived server's generated AUTH_SECRET into `DATA_DIR/auth-secret` unless a secret of
 * the target's own is there (a file written by hand, or AUTH_SECRET set to it). 'differs' when the
 * target runs with another AUTH_SECRET setting: the encrypted tokens in the rows cannot be read then.
 */
async function restoreSecret(
  env: RestoreEnv,
  archived: string,
): Promise<'restored' | 'same' | 'differs'> {
  if (env.authSecret === archived) return 'same';
  const file = path.join(env.dataDir, 'auth-secret');
  const saved = existsSync(file) ? (await readFile(file, 'utf8')).trim() : undefined;
  // A file holding the secret in use is replaced: nothing in the empty target was encrypted with it.
  if (saved !== undefined && saved !== env.authSecret) return 'differs';
  await mkdir(env.dataDir, { recursive: true });
  await writeFile(file, `${archived}\n`, { mode: 0o600 });
  return env.authSecretFrom === 'setting' ? 'differs' : 'restored';
}
