/**
 * Scratch space for temporary audio (after `kill -9`, `/tmp/summy-stt-*` folders kept pieces of
 * users' audio). Temporary files never go to the shared `/tmp`: each server process writes under
 * its own folder `{DATA_DIR}/tmp/{instance}` (direct transcription uploads, the offline provider's
 * WAV parts, S3 downloads), and the local storage stages writes in
 * `{DATA_DIR}/storage/.tmp/{instance}` (same file system as the objects, for `link(2)`).
 *
 * `{instance}` is `{hostname}.{pid}.{start}` (start: the process's start time in clock ticks
 * since boot, from /proc), so several processes may share a DATA_DIR. At start-up
 * ({@link cleanScratch}, called by startServer) every folder of a process of this host that is no
 * longer running is removed, with anything else (older versions' files); folders of other hosts
 * are removed once a day old (their owner cannot be checked from here).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processStartTicks } from '@summy/db';

/** Folders of other hosts are removed once this old (ms): 24 hours. */
const FOREIGN_SCRATCH_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const hostname = os.hostname().replace(/[^A-Za-z0-9-]/g, '-');

/** This process's folder name: `{hostname}.{pid}.{start}` ('0' as start without /proc). */
export const SCRATCH_INSTANCE = `${hostname}.${process.pid}.${processStartTicks(process.pid) ?? '0'}`;

/** `{dataDir}/tmp`: the root of every process's scratch folder. */
export function scratchRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

/**
 * This process's scratch folder, `{dataDir}/tmp/{instance}`; created by `cleanScratch` at
 * start-up, and by callers with `mkdir -p` before use (a test server may skip start-up).
 */
export function scratchDir(dataDir: string): string {
  return path.join(scratchRoot(dataDir), SCRATCH_INSTANCE);
}

/** Local storage's staging folder of this process, `{storageRoot}/.tmp/{instance}`. */
export function stagingDir(storageRoot: string): string {
  return path.join(storageRoot, '.tmp', SCRATCH_INSTANCE);
}

/** Whether the process that named a scratch folder `name` is still running. */
function ownerRunning(name: string, mtimeMs: number): boolean {
  const m = /^(.+)\.(\d+)\.(\d+)$/.exec(name);
  if (!m) return false;
  const [, host, pid, start] = m;
  if (name === SCRATCH_INSTANCE) return true;
  if (host !== hostname) return Date.now() - mtimeMs < FOREIGN_SCRATCH_MAX_AGE_MS;
  if (start === '0') {
    // No /proc: the best left is whether some process has that id.
    try {
      process.kill(Number(pid), 0);
      return Number(pid) !== process.pid;
    } catch {
      return false;
    }
  }
  return processStartTicks(Number(pid)) === start;
}

/** Removes what dead processes left in `folder`; answers the names removed. */
async function sweep(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const removed: string[] = [];
  for (const name of names) {
    const entry = path.join(folder, name);
    const stat = await fs.lstat(entry).catch(() => undefined);
    if (!stat || (stat.isDirectory() && ownerRunning(name, stat.mtimeMs))) continue;
    await fs.rm(entry, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Removes the staged recording chunks (`.{index}.{instance}.{uuid}.tmp`, written by
 * append-recording-chunk.ts) of processes that are gone from `{dataDir}/recordings-in-progress/*`.
 */
async function sweepStagedChunks(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'recordings-in-progress');
  const meetings = await fs.readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const meeting of meetings) {
    const names = await fs.readdir(path.join(root, meeting)).catch(() => [] as string[]);
    for (const name of names) {
      const m = /^\.\d+\.(.+)\.[0-9a-f-]{36}\.tmp$/.exec(name);
      if (!m) continue;
      const file = path.join(root, meeting, name);
      const stat = await fs.lstat(file).catch(() => undefined);
      if (!stat || ownerRunning(m[1]!, stat.mtimeMs)) continue;
      await fs.rm(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** A staged recording chunk's file name: `.{index}.{instance}.{uuid}.tmp`. */
export function stagedChunkName(index: number, uuid: string): string {
  return `.${index}.${SCRATCH_INSTANCE}.${uuid}.tmp`;
}

/**
 * Start-up cleaning: removes the scratch and staging folders of processes that are gone (a crash
 * mid-upload or mid-transcription) from `{dataDir}/tmp` and `{dataDir}/storage/.tmp`, and their
 * half-received recording chunks, then creates this process's scratch folder.
 * @returns how many leftovers were removed
 */
export async function cleanScratch(dataDir: string): Promise<number> {
  const removed = [
    ...(await sweep(scratchRoot(dataDir))),
    ...(await sweep(path.join(dataDir, 'storage', '.tmp'))),
    ...(await sweepStagedChunks(dataDir)),
  ];
  await fs.mkdir(scratchDir(dataDir), { recursive: true, mode: 0o700 });
  return removed.length;
}
