/**
 * `npm run summy -- backup <file>` and `npm run summy -- restore <file>`: a consistent archive of
 * the database and the stored audio, written while the server runs, and its restore into an empty
 * data folder or database (docs/self-hosting.md "Backup and restore",
 * docs/decisions/061-backup-and-restore.md). With the embedded PGlite and a server running, the
 * server writes the archive and hands it over its backup socket; otherwise the command opens the
 * database itself.
 */
import { existsSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DataDirLockedError, openDatabase } from '@summy/db';
import type { Env } from '../env.ts';
import { DamagedArchiveError } from '../services/backup/archive.ts';
import { backupSocketPath, requestBackup } from '../services/backup/backup-socket.ts';
import { RestoreRefusedError, restoreBackup } from '../services/backup/restore-backup.ts';
import { writeBackup } from '../services/backup/write-backup.ts';
import { createStorage } from '../storage/index.ts';

/** Usage lines of the `backup` and `restore` commands. */
export const BACKUP_USAGE = [
  'npm run summy -- backup <file.tar.gz>',
  'npm run summy -- restore <file.tar.gz>',
];

/** Where the command writes: stdout for results, stderr for usage and refusals. */
export interface BackupCliIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/**
 * Runs `backup <file>` or `restore <file>` and resolves with the exit code: 0 done, 1 refused or
 * failed (the reason on stderr; a failed backup leaves no file, a refused restore changes
 * nothing), 2 usage.
 * @param args e.g. ['backup', '/var/backups/summy.tar.gz']
 */
export async function runBackupCommand(
  env: Env,
  args: string[],
  io: BackupCliIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const [command, file, ...rest] = args;
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    io.err.write(`Usage:\n${BACKUP_USAGE.map((l) => `  ${l}`).join('\n')}\n`);
    return 2;
  }
  try {
    if (command === 'restore') {
      const summary = await restoreBackup(env, file);
      const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
      io.out.write(
        `Restored ${rows} rows in ${Object.keys(summary.rows).length} tables and ${summary.audioObjects} audio files from ${file} (written ${summary.manifest.createdAt} by Summy ${summary.manifest.summyVersion}).\n`,
      );
      if (summary.migratedAfter.length > 0)
        io.out.write(`Then applied ${summary.migratedAfter.length} newer migrations.\n`);
      if (summary.authSecret === 'restored')
        io.out.write(
          `Restored the archived server's generated AUTH_SECRET into DATA_DIR/auth-secret.\n`,
        );
      if (summary.authSecret === 'differs')
        io.err.write(
          `Note: AUTH_SECRET here is not the archived server's generated secret, so its connected Google and Linear accounts, reminders and webhook secrets cannot be decrypted. Run with the archived server's secret (the archive's auth-secret entry; written to DATA_DIR/auth-secret when that file was free).\n`,
        );
      return 0;
    }
    return await backup(env, file, io);
  } catch (err) {
    if (
      err instanceof DamagedArchiveError ||
      err instanceof RestoreRefusedError ||
      err instanceof DataDirLockedError
    ) {
      io.err.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

async function backup(env: Env, file: string, io: BackupCliIo): Promise<number> {
  if (existsSync(file)) {
    io.err.write(`${file} exists; name a new file.\n`);
    return 1;
  }
  // Written under another name and renamed when whole: a failed backup leaves no archive behind.
  // Mode 0600: the archive holds password hashes and sessions.
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
  await once(out, 'open');
  let done = false;
  try {
    let via = 'the running server';
    if (env.databaseUrl || !(await requestBackup(backupSocketPath(env.dataDir), out))) {
      via = 'the database';
      const pgliteDir = path.join(env.dataDir, 'pglite');
      if (!env.databaseUrl && !existsSync(pgliteDir)) {
        io.err.write(`No database in ${env.dataDir} (DATA_DIR) and no DATABASE_URL.\n`);
        return 1;
      }
      const database = await openDatabase({
        databaseUrl: env.databaseUrl,
        pgliteDir,
        holder: 'summy backup',
      });
      try {
        const manifest = await writeBackup({ env, database, storage: createStorage(env) }, out);
        for (const key of manifest.skippedAudio)
          io.err.write(`Skipped audio deleted during the backup: ${key}\n`);
      } finally {
        await database.close();
      }
    }
    out.end();
    await once(out, 'close');
    await rename(partial, file);
    done = true;
    io.out.write(`Wrote ${file} (${out.bytesWritten} bytes) through ${via}.\n`);
    return 0;
  } finally {
    if (!done) {
      out.destroy();
      await rm(partial, { force: true });
    }
  }
}
