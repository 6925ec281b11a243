/**
 * Writes a backup archive (archive.ts) of a running or stopped Summy: the database from one
 * snapshot, then the audio objects that snapshot names, then the manifest. Streams throughout:
 * table dumps go through a scratch folder on disk, audio straight from storage into the archive.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, existsSync, mkdirSync, type Stats } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import type { TarArchive } from 'archiver';
import type { DatabaseHandle } from '@summy/db';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { Env } from '../../env.ts';
import { scratchDir } from '../../storage/scratch.ts';
import { ObjectNotFoundError, type Storage } from '../../storage/types.ts';
import {
  AUDIO_FOLDER,
  AUTH_SECRET_ENTRY,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  type BackupManifest,
  type ManifestEntry,
} from './archive.ts';
import { dumpDatabase } from './dump-database.ts';

/** What a backup is made from. */
export interface BackupDeps {
  env: Pick<Env, 'dataDir' | 'authSecret'>;
  database: DatabaseHandle;
  storage: Storage;
}

/**
 * Writes a gzipped tar backup to `out` and resolves with its manifest once `out` was given it all;
 * does not end `out` (the caller does, on success).
 * An audio object named by the snapshot but deleted since is skipped and listed in
 * `manifest.skippedAudio`, not an error.
 * @throws Error when the database, the storage or `out` fails (the archive is then incomplete;
 *   a restore refuses it as truncated)
 */
export async function writeBackup(deps: BackupDeps, out: Writable): Promise<BackupManifest> {
  const scratch = scratchDir(deps.env.dataDir);
  mkdirSync(scratch, { recursive: true });
  const work = await mkdtemp(path.join(scratch, 'backup-'));
  try {
    const migrations = await deps.database.appliedMigrations();
    const dump = await dumpDatabase(deps.database, work);
    const { TarArchive } = await import('archiver');
    const tar = new TarArchive({ gzip: true, gzipOptions: { level: 6 } });
    let failure: Error | undefined;
    const fail = (err: Error) => {
      failure ??= err;
      tar.abort();
    };
    tar.on('error', fail);
    tar.on('warning', fail);
    out.on('error', fail);
    const ended = new Promise<void>((resolve, reject) => {
      tar.once('end', resolve);
      tar.once('error', reject);
      out.once('error', reject);
      out.once('close', () =>
        reject(failure ?? new Error("The backup's destination closed early")),
      );
    });
    ended.catch(() => undefined);
    // Not ended here: the caller ends `out` on success only, so that a failed backup never looks
    // complete (a file stays partial, a socket answer lacks its completion trailer).
    tar.pipe(out, { end: false });
    const date = new Date(dump.takenAt);
    const entries: ManifestEntry[] = [];
    // One entry at a time, in the dump's order (parents before children, which a restore keeps).
    for (const table of dump.tables) {
      entries.push(
        await appendEntry(tar, table.entryPath, createReadStream(table.file), table.size, date),
      );
    }
    const skippedAudio: string[] = [];
    for (const key of dump.audioKeys) {
      if (failure) throw failure;
      const entry = await appendObject(tar, deps.storage, key, date);
      if (entry) entries.push(entry);
      else skippedAudio.push(key);
    }
    const secret = await generatedSecret(deps.env);
    if (secret) {
      const bytes = Buffer.from(`${secret}\n`);
      entries.push(
        await appendEntry(tar, AUTH_SECRET_ENTRY, Readable.from([bytes]), bytes.length, date),
      );
    }
    if (failure) throw failure;
    const manifest: BackupManifest = {
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: dump.takenAt,
      summyVersion: serverPackage.version,
      schema: {
        lastMigration: migrations.at(-1) ?? '',
        migrationCount: migrations.length,
        migrations,
      },
      databaseKind: deps.database.kind,
      storageKind: deps.storage.kind,
      tables: dump.tables.map(({ name, rows, columns }) => ({ name, rows, columns })),
      entries,
      skippedAudio,
    };
    tar.append(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), {
      name: MANIFEST_ENTRY,
      date,
      mode: 0o600,
    });
    await tar.finalize();
    await ended;
    if (failure) throw failure;
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The AUTH_SECRET in use when the server generated it into `DATA_DIR/auth-secret`. */
async function generatedSecret(env: BackupDeps['env']): Promise<string | undefined> {
  const file = path.join(env.dataDir, 'auth-secret');
  const saved = existsSync(file) ? (await readFile(file, 'utf8')).trim() : undefined;
  return saved === env.authSecret ? saved : undefined;
}

/**
 * Appends the object `key` as `audio/{key}` and waits until the archive has read it (one object
 * open at a time). Undefined when the object is gone.
 */
async function appendObject(
  tar: TarArchive,
  storage: Storage,
  key: string,
  date: Date,
): Promise<ManifestEntry | undefined> {
  const stat = await storage.stat(key);
  if (!stat) return undefined;
  let body: Readable;
  try {
    body = await storage.read(key);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) return undefined;
    throw err;
  }
  return appendEntry(tar, `${AUDIO_FOLDER}${key}`, body, stat.size, date);
}

/**
 * Appends `body` (`size` bytes) as entry `name`, hashing it on the way, and resolves with its
 * manifest entry once the archive has read it all.
 * @throws Error when the body is not `size` bytes long (changed while read)
 */
async function appendEntry(
  tar: TarArchive,
  name: string,
  body: Readable,
  expectedSize: number,
  date: Date,
): Promise<ManifestEntry> {
  const hash = createHash('sha256');
  let size = 0;
  // A transform, not a 'data' listener: nothing may flow before the archive reaches this entry.
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  body.on('error', (err) => hashed.destroy(err));
  body.pipe(hashed);
  // Archiver streams an entry of known size instead of buffering it; only `size` is read.
  const stats = { size: expectedSize } as Stats;
  const read = Promise.race([once(hashed, 'end'), once(hashed, 'close')]);
  tar.append(hashed, { name, stats, date, mode: 0o600 });
  await read;
  if (size !== expectedSize) throw new Error(`${name} changed while it was read`);
  return { path: name, size, sha256: hash.digest('hex') };
}
