/**
 * The backup archive's format (docs/decisions/061-backup-and-restore.md): a gzipped tar of
 * `database/{table}.jsonl` (one JSON object per row, the table's stored columns), `audio/{key}`
 * (the stored objects the database names) and, last, `manifest.json`, which lists every other
 * entry with its size and SHA-256. Reading verifies the whole archive before a restore touches
 * anything.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';

/** Version of the archive layout; a reader refuses a version it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

/** Name of the manifest entry, the archive's last. */
export const MANIFEST_ENTRY = 'manifest.json';

/** Folder of the table dumps inside the archive. */
export const DATABASE_FOLDER = 'database/';

/**
 * Entry of the AUTH_SECRET that the server generated into `DATA_DIR/auth-secret` (absent when
 * AUTH_SECRET is set): it keys the encrypted OAuth tokens and webhook secrets in the rows.
 */
export const AUTH_SECRET_ENTRY = 'auth-secret';

/** Folder of the stored audio objects inside the archive (`audio/{key}`). */
export const AUDIO_FOLDER = 'audio/';

/** One archived table: its rows and the columns each JSON line holds. */
export interface ManifestTable {
  name: string;
  /** Number of rows (= lines of `database/{name}.jsonl`). */
  rows: number;
  /** Stored columns of the dump (generated columns are left out; the database recomputes them). */
  columns: string[];
}

/** One archive entry other than the manifest: path, size in bytes, SHA-256 (hex). */
export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

/** Contents of `manifest.json`. */
export interface BackupManifest {
  formatVersion: number;
  /** ISO 8601 time the database snapshot was taken. */
  createdAt: string;
  /** Version of the Summy build that wrote the archive. */
  summyVersion: string;
  /** The database's schema: the migrations applied, oldest first. */
  schema: { lastMigration: string; migrationCount: number; migrations: string[] };
  /** 'pglite' or 'postgres': where the rows came from (a restore may go to either). */
  databaseKind: string;
  /** 'local' or 's3': where the audio came from (a restore may go to either). */
  storageKind: string;
  tables: ManifestTable[];
  /** Every entry but the manifest, in archive order. */
  entries: ManifestEntry[];
  /** Object keys the snapshot named that were gone when read (a meeting deleted meanwhile). */
  skippedAudio: string[];
}

/** A refused archive: damaged (truncated, checksum mismatch, unknown layout) or not a backup. */
export class DamagedArchiveError extends Error {}

/** An archive entry as read: its path and size (bytes), and its body to consume exactly once. */
export interface ArchiveEntry {
  path: string;
  size: number;
  body: ReadEntry;
}

/**
 * Reads the gzipped tar `file` entry by entry, calling `onEntry` for each in order and waiting for
 * it (the body streams: nothing is held whole in memory). A body `onEntry` leaves unread is skipped.
 * @throws DamagedArchiveError when the file is not a gzipped tar or ends early
 * @throws whatever `onEntry` throws (reading stops there)
 */
export async function readArchive(
  file: string,
  onEntry: (entry: ArchiveEntry) => Promise<void>,
): Promise<void> {
  const parser = new Parser({ strict: true });
  let chain = Promise.resolve();
  let failure: unknown;
  // Entries seen but not yet ended: a broken archive never ends them, so they are destroyed.
  const open = new Set<ReadEntry>();
  parser.on('entry', (entry: ReadEntry) => {
    open.add(entry);
    entry.on('end', () => open.delete(entry));
    chain = chain.then(async () => {
      if (failure) return void entry.resume();
      try {
        await onEntry({ path: entry.path, size: entry.size ?? 0, body: entry });
      } catch (err) {
        failure ??= err;
      }
      // Whatever was left unread (or after a failure) is drained so the parser goes on.
      entry.resume();
    });
  });
  const broken = (err: Error) => {
    failure ??= new DamagedArchiveError(damaged(err));
    for (const entry of open) entry.destroy(failure as Error);
  };
  parser.on('error', broken);
  const gunzip = pipeline(createReadStream(file), createGunzip(), (err) => {
    if (err) broken(err);
  });
  try {
    for await (const chunk of gunzip) {
      if (failure) break;
      if (!parser.write(chunk as Buffer)) await once(parser, 'drain');
    }
  } catch (err) {
    broken(err as Error);
  }
  if (!failure) {
    const ended = once(parser, 'end');
    parser.end();
    await ended;
  }
  if (failure) for (const entry of open) entry.destroy(failure as Error);
  await chain;
  if (failure) throw failure;
}

function damaged(err: Error): string {
  return `The archive is damaged or not a Summy backup (${err.message}).`;
}

/**
 * Reads the whole archive once and checks it: every entry the manifest lists is there with its
 * size and SHA-256, nothing else is, the manifest is last and of a known format. Resolves with the
 * manifest.
 * @throws DamagedArchiveError naming the first problem (truncated, checksum mismatch, missing entry)
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const seen: ManifestEntry[] = [];
  let manifest: BackupManifest | undefined;
  await readArchive(file, async ({ path, body }) => {
    if (manifest)
      throw new DamagedArchiveError(`The archive has an entry after its manifest: ${path}`);
    if (path === MANIFEST_ENTRY) {
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c as Buffer);
      manifest = parseManifest(Buffer.concat(chunks).toString('utf8'));
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    for await (const c of body) {
      hash.update(c as Buffer);
      size += (c as Buffer).length;
    }
    seen.push({ path, size, sha256: hash.digest('hex') });
  });
  if (!manifest)
    throw new DamagedArchiveError(
      'The archive has no manifest: it is truncated or not a Summy backup.',
    );
  const listed = new Map(manifest.entries.map((e) => [e.path, e]));
  for (const entry of seen) {
    const expected = listed.get(entry.path);
    if (!expected)
      throw new DamagedArchiveError(
        `The archive has an entry its manifest does not list: ${entry.path}`,
      );
    if (expected.size !== entry.size || expected.sha256 !== entry.sha256)
      throw new DamagedArchiveError(`Checksum mismatch in the archive: ${entry.path} is damaged.`);
    listed.delete(entry.path);
  }
  const missing = [...listed.keys()];
  if (missing.length > 0)
    throw new DamagedArchiveError(
      `The archive lacks ${missing.length} entries its manifest lists, e.g. ${missing[0]}.`,
    );
  return manifest;
}

function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new DamagedArchiveError('The archive manifest is not valid JSON.');
  }
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new DamagedArchiveError(
      `The archive has format version ${manifest.formatVersion}; this Summy reads version ${BACKUP_FORMAT_VERSION}.`,
    );
  if (!Array.isArray(manifest.entries) || !Array.isArray(manifest.tables) || !manifest.schema)
    throw new DamagedArchiveError('The archive manifest lacks its entries, tables or schema.');
  return manifest;
}
