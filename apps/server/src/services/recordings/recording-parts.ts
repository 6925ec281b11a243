/**
 * Where a recording in progress keeps its chunks until stop: one file per MediaRecorder chunk,
 * `{dataDir}/recordings-in-progress/{meetingId}/{index}.part` (webm/opus, 1000 ms chunks sent as
 * they come).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Folder of one meeting's chunks. */
export function partsDir(dataDir: string, meetingId: string): string {
  return path.join(dataDir, 'recordings-in-progress', meetingId);
}

/** File of chunk `index` of a meeting. */
export function partFile(dataDir: string, meetingId: string, index: number): string {
  return path.join(partsDir(dataDir, meetingId), `${index}.part`);
}

/** A received chunk: its index and size in bytes. */
export interface RecordingPart {
  index: number;
  file: string;
  size: number;
}

/** The received chunks of a meeting, by index ascending; empty when none. */
export async function listParts(dataDir: string, meetingId: string): Promise<RecordingPart[]> {
  const dir = partsDir(dataDir, meetingId);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const parts: RecordingPart[] = [];
  for (const name of names) {
    const m = /^(\d+)\.part$/.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    const { size } = await fs.stat(file);
    parts.push({ index: Number(m[1]), file, size });
  }
  return parts.sort((a, b) => a.index - b.index);
}

/**
 * What this process knows of a recording in progress: bytes stored and highest chunk index (-1
 * before any chunk). Used by append-recording-chunk.ts to enforce the total size and the index
 * window without listing every chunk on every request.
 */
export interface RecordingTally {
  bytes: number;
  highest: number;
  /** When the tally was read from disk (ms since the epoch). */
  scannedAt: number;
}

/** A tally older than this is read from disk again (ms): another server may share DATA_DIR. */
const TALLY_TTL_MS = 60_000;
/** Tallies kept at most; the oldest is dropped (and re-read from disk when needed). */
const MAX_TALLIES = 10_000;
const tallies = new Map<string, RecordingTally>();

/**
 * The tally of a meeting's chunks: from memory, else (first chunk since start, or older than a
 * minute) from the chunk files on disk. Callers update `bytes` and `highest` synchronously
 * together with their check, so two requests of this process cannot both pass a limit.
 */
export async function recordingTally(dataDir: string, meetingId: string): Promise<RecordingTally> {
  const known = tallies.get(meetingId);
  if (known && Date.now() - known.scannedAt < TALLY_TTL_MS) return known;
  const parts = await listParts(dataDir, meetingId);
  const fresh = tallies.get(meetingId);
  // Another request of this process read it meanwhile: keep that object (it may hold updates).
  if (fresh && fresh !== known) return fresh;
  const tally: RecordingTally = {
    bytes: parts.reduce((n, p) => n + p.size, 0),
    highest: parts.length ? parts[parts.length - 1]!.index : -1,
    scannedAt: Date.now(),
  };
  tallies.delete(meetingId);
  tallies.set(meetingId, tally);
  if (tallies.size > MAX_TALLIES) tallies.delete(tallies.keys().next().value!);
  return tally;
}

/** Forgets a meeting's tally (its chunks were assembled or deleted). */
export function forgetRecordingTally(meetingId: string): void {
  tallies.delete(meetingId);
}
