/**
 * Where a recording in progress keeps its chunks until stop: one file per MediaRecorder chunk,
 * `{dataDir}/recordings-in-progress/{meetingId}/{index}.part` (DESIGN.md "The main job" step 1:
 * webm/opus, 1000 ms chunks sent as they come).
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
