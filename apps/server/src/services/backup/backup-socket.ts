/**
 * Backups of a running server on the embedded database: PGlite allows one process, so the server
 * itself writes the archive and hands it to `summy backup` over a Unix socket,
 * `{DATA_DIR}/run/backup.sock`, in a folder of mode 0700 and itself of mode 0600: only the OS user
 * that runs Summy can ask (docs/decisions/061-backup-and-restore.md).
 *
 * Protocol: HTTP/1.1 over the socket, `GET /backup` answers 200 with the gzipped tar, chunked, and
 * the trailer `X-Summy-Backup: complete` when the archive is whole, or `X-Summy-Backup-Error:
 * {message}` when it failed midway (the client then discards what it received).
 */
import { chmod, mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { log } from '../../log.ts';
import { writeBackup, type BackupDeps } from './write-backup.ts';

/** Linux caps a socket path at 107 bytes; a longer DATA_DIR gets no socket (logged). */
const MAX_SOCKET_PATH = 107;

/** Path of the backup socket of a data folder. */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'run', 'backup.sock');
}

/**
 * Listens on the backup socket of `deps.env.dataDir` (a stale socket file left by a crashed
 * server is replaced: the caller holds the data folder's lock). Resolves with the function that
 * stops listening and removes the socket. When the path is too long for a socket, logs a warning
 * and listens on nothing (`summy backup` then asks to stop the server).
 */
export async function startBackupSocket(deps: BackupDeps): Promise<() => Promise<void>> {
  const socket = backupSocketPath(deps.env.dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    log.warn({ socket }, '[backup] DATA_DIR is too long a path for the backup socket');
    return async () => {};
  }
  await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socket), 0o700);
  await rm(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/gzip',
      trailer: 'X-Summy-Backup, X-Summy-Backup-Error',
    });
    writeBackup(deps, res).then(
      (manifest) => {
        log.info(
          { entries: manifest.entries.length, skippedAudio: manifest.skippedAudio.length },
          '[backup] archive written to the socket',
        );
        res.addTrailers({ 'X-Summy-Backup': 'complete' });
        res.end();
      },
      (err: Error) => {
        log.warn({ err }, '[backup] archive failed');
        if (res.destroyed) return;
        res.addTrailers({ 'X-Summy-Backup-Error': err.message.replace(/[\r\n]+/g, ' ') });
        res.end();
      },
    );
  });
  server.listen(socket);
  await once(server, 'listening');
  await chmod(socket, 0o600);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socket, { force: true });
  };
}

/**
 * Asks the server listening on `socket` for a backup and writes it to `out` (not ended).
 * Resolves false when no server listens there (no socket file, or a stale one).
 * @throws Error with the server's message when the backup failed, or when the answer broke off
 */
export async function requestBackup(socket: string, out: Writable): Promise<boolean> {
  let res: http.IncomingMessage;
  try {
    res = await new Promise((resolve, reject) => {
      http.get({ socketPath: socket, path: '/backup' }, resolve).on('error', reject);
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return false;
    throw err;
  }
  if (res.statusCode !== 200)
    throw new Error(`The server answered ${res.statusCode} to the backup`);
  for await (const chunk of res) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  if (res.trailers['x-summy-backup'] !== 'complete')
    throw new Error(
      `The server's backup failed: ${res.trailers['x-summy-backup-error'] ?? 'the answer broke off'}`,
    );
  return true;
}
