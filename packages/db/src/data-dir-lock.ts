/**
 * One process at a time on an embedded PGlite folder. PGlite is PostgreSQL in single-user mode
 * inside the opening process: a second process on the same files writes its own WAL over the
 * first one's, which loses what either saved or leaves no valid checkpoint at all (the database
 * then never starts again). Nothing in PGlite stops that, so every open takes an exclusive lock
 * file `<folder>.lock` first, and a dead holder's lock is taken over at once
 * (docs/decisions/034-one-process-per-embedded-database.md).
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What a lock file records about the process holding it. */
export interface LockHolder {
  /** Process id on `hostname`. */
  pid: number;
  /** `os.hostname()` of the holder: its pid means nothing on another host. */
  hostname: string;
  /** Kernel boot id (Linux), so a lock from before a reboot is known dead; null elsewhere. */
  bootId: string | null;
  /** Start of the process in clock ticks since boot (Linux), to tell a reused pid; null elsewhere. */
  processStart: string | null;
  /** When the lock was taken (ISO 8601). */
  since: string;
  /** What the holder is, for people: e.g. "the Summy server", "summy demo". */
  command: string;
}

/** A held lock; `release()` is idempotent and only removes the file while it is still ours. */
export interface DataDirLock {
  /** The lock file, `<folder>.lock`. */
  file: string;
  release(): void;
}

/** Thrown when another live process (or this one) holds the folder's lock. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    /** The folder asked for. */
    readonly dir: string,
    /** The lock file, `<folder>.lock`. */
    readonly file: string,
    /** Who holds it, as its lock file says. */
    readonly holder: LockHolder,
  ) {
    const where = holder.hostname === os.hostname() ? '' : ` on host ${holder.hostname}`;
    super(
      `The embedded database in ${dir} is in use by process ${holder.pid}${where} ` +
        `(${holder.command}, since ${holder.since}). It allows one process at a time: ` +
        `stop process ${holder.pid} first, or set DATABASE_URL to a PostgreSQL server, ` +
        `which several processes can share.` +
        (where ? ` If no Summy process runs on ${holder.hostname} any more, delete ${file}.` : ''),
    );
  }
}

/**
 * Start time of process `pid` in clock ticks since boot (field 22 of `/proc/<pid>/stat`), or
 * null when it is gone, a zombie (killed, not yet reaped: its files are closed), or there is no
 * /proc (macOS).
 */
export function processStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null;
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * Whether the holder named in a lock file may still run. A holder on another host cannot be
 * checked from here and counts as running; on this host a pid that is gone, a zombie, or reused by
 * a process started at another time (or by this very process, e.g. a container restarted with
 * the same pid) counts as dead.
 */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  const bootId = readBootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Without /proc (no recorded start) the signal check above is all there is.
  return !holder.processStart || processStartTicks(holder.pid) === holder.processStart;
}

/** Lock files of this process (a second open of one folder in one process is refused too). */
const heldHere = new Map<string, string>();

process.on('exit', () => {
  // A CLI calling process.exit() without closing still leaves no lock behind.
  for (const [file, content] of heldHere) removeIfOurs(file, content);
});

function removeIfOurs(file: string, content: string): void {
  try {
    if (readFileSync(file, 'utf8') === content) unlinkSync(file);
  } catch {
    // already gone
  }
}

function readHolder(file: string): { raw: string; holder: LockHolder | null } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const holder = JSON.parse(raw) as LockHolder;
    return { raw, holder: typeof holder.pid === 'number' ? holder : null };
  } catch {
    return { raw, holder: null };
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lock file with no readable holder this old is a crash between create and write (ms). */
const UNREADABLE_STALE_MS = 2_000;
/** A takeover guard this old belongs to a process that died mid-takeover (ms). */
const GUARD_STALE_MS = 10_000;

/**
 * Takes the exclusive lock of folder `dir`: creates `<dir>.lock` with O_EXCL holding this
 * process's pid, host, boot id and start time. A lock whose holder is dead (see
 * {@link holderAlive}) is removed and taken, under a `<dir>.lock.takeover` guard directory so that
 * two processes recovering the same stale lock cannot both win. The lock file sits beside the
 * folder, not in it, so PGlite and its first-start initdb (which needs an empty folder) never see
 * it; the initdb child runs while its parent holds the lock.
 * @param dir the folder to lock (need not exist; its parent is created)
 * @param command what this process is, shown to whoever is refused
 * @throws DataDirLockedError when a live process (this one included) holds the lock
 */
export async function lockDataDir(dir: string, command: string): Promise<DataDirLock> {
  const resolved = path.resolve(dir);
  const file = `${resolved}.lock`;
  const own = heldHere.get(file);
  if (own) throw new DataDirLockedError(resolved, file, JSON.parse(own) as LockHolder);
  mkdirSync(path.dirname(resolved), { recursive: true });
  const holder: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    bootId: readBootId(),
    processStart: processStartTicks(process.pid),
    since: new Date().toISOString(),
    command,
  };
  const content = `${JSON.stringify(holder)}\n`;
  for (;;) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const found = readHolder(file);
      if (!found) continue;
      if (found.holder && holderAlive(found.holder))
        throw new DataDirLockedError(resolved, file, found.holder);
      if (!found.holder && ageMs(file) < UNREADABLE_STALE_MS) {
        await sleep(50);
        continue;
      }
      await removeStale(file, found.raw);
      continue;
    }
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    heldHere.set(file, content);
    return {
      file,
      release() {
        if (heldHere.get(file) !== content) return;
        heldHere.delete(file);
        removeIfOurs(file, content);
      },
    };
  }
}

/** Removes `file` if it still holds `raw` (the stale lock judged dead), under the guard. */
async function removeStale(file: string, raw: string): Promise<void> {
  const guard = `${file}.takeover`;
  try {
    mkdirSync(guard);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (ageMs(guard) > GUARD_STALE_MS) rmdirSync(guard);
    else await sleep(50);
    return;
  }
  try {
    // Another process may have taken over between our read and the guard: then it is not stale.
    if (readHolder(file)?.raw === raw) unlinkSync(file);
  } finally {
    rmdirSync(guard);
  }
}
