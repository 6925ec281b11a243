/**
 * Start-up cleaning of temporary files on a real folder: what processes that are gone left is
 * removed, what running ones (this one, another host's recent one) use stays.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanScratch, SCRATCH_INSTANCE, scratchDir, stagedChunkName } from './scratch.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('cleanScratch', () => {
  it("removes dead processes' folders and staged chunks, keeps the living ones'", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-scratch-'));
    dirs.push(dataDir);
    const host = SCRATCH_INSTANCE.split('.')[0]!;
    // A process that ran and exited: its pid is free (or reused, with another start time).
    const gone = spawnSync('true').pid;
    const dead = `${host}.${gone}.12345`;
    const foreignFresh = 'otherhost.42.999';
    const foreignOld = 'otherhost.43.999';
    const tmp = path.join(dataDir, 'tmp');
    const staging = path.join(dataDir, 'storage', '.tmp');
    for (const name of [dead, foreignFresh, foreignOld, SCRATCH_INSTANCE]) {
      mkdirSync(path.join(tmp, name, 'summy-stt-x'), { recursive: true });
      writeFileSync(path.join(tmp, name, 'summy-stt-x', 'part-0.wav'), 'RIFF');
    }
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(path.join(tmp, foreignOld), dayAgo, dayAgo);
    mkdirSync(path.join(staging, dead), { recursive: true });
    writeFileSync(path.join(staging, dead, 'a.part'), 'half an upload');
    writeFileSync(path.join(tmp, 's3-old-version-file'), 'x');
    const parts = path.join(dataDir, 'recordings-in-progress', 'meeting-1');
    mkdirSync(parts, { recursive: true });
    writeFileSync(path.join(parts, '0.part'), 'chunk 0');
    const uuid = '0b5e3c1e-4f8a-4c59-9a0e-2f1d3c4b5a69';
    writeFileSync(path.join(parts, `.1.${dead}.${uuid}.tmp`), 'half a chunk');
    const mine = stagedChunkName(2, uuid);
    writeFileSync(path.join(parts, mine), 'a chunk being received');

    expect(await cleanScratch(dataDir)).toBe(5);
    expect(readdirSync(tmp).sort()).toEqual([SCRATCH_INSTANCE, foreignFresh].sort());
    expect(existsSync(path.join(scratchDir(dataDir), 'summy-stt-x', 'part-0.wav'))).toBe(true);
    expect(readdirSync(staging)).toEqual([]);
    expect(readdirSync(parts).sort()).toEqual(['0.part', mine].sort());
  });
});
