import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mixToMonoWebm, probeChannelCount, withChannelWavs } from './channels.ts';
import { decodeToPcm } from './ffmpeg.ts';
import { testdataPath } from '../../../../testdata/index.ts';

const JFK = testdataPath('audio', 'jfk', 'jfk.wav');
let dir: string;
let stereo: string;

/** Root-mean-square level of PCM samples. */
const rms = (pcm: Float32Array) => Math.sqrt(pcm.reduce((s, v) => s + v * v, 0) / pcm.length);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-channels-test-'));
  stereo = path.join(dir, 'call.webm');
  // jfk.wav on the left for 11 s; silence on the right: which side is which must survive.
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-y', '-i', JFK, '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono'],
    ...['-filter_complex', '[0:a][1:a]amerge=inputs=2[a]', '-map', '[a]', '-t', '11'],
    ...['-c:a', 'libopus', stereo],
  ]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('two-channel files', () => {
  it('counts the channels of a mono WAV and a two-channel WebM', async () => {
    await expect(probeChannelCount(JFK)).resolves.toBe(1);
    await expect(probeChannelCount(stereo)).resolves.toBe(2);
  });

  it('splits the channels into 16 kHz mono files, each holding its own side, removed after', async () => {
    let kept: string[] = [];
    const levels = await withChannelWavs(stereo, async (files) => {
      kept = files;
      expect(await probeChannelCount(files[0])).toBe(1);
      return Promise.all(files.map(async (f) => rms(await decodeToPcm(f))));
    });
    expect(levels[0]).toBeGreaterThan(0.01);
    expect(levels[1]).toBeLessThan(0.001);
    expect(kept.some((f) => existsSync(f))).toBe(false);
  });

  it("writes them in the folder it is given (a server's scratch folder), made when missing", async () => {
    const scratch = path.join(dir, 'scratch', 'instance');
    const kept = await withChannelWavs(stereo, async (files) => files, { tmpDir: scratch });
    expect(kept.every((f) => f.startsWith(scratch + path.sep))).toBe(true);
    expect(existsSync(scratch)).toBe(true);
  });

  it('removes the files when the work on them fails', async () => {
    let kept: string[] = [];
    await expect(
      withChannelWavs(stereo, async (files) => {
        kept = files;
        throw new Error('engine failed');
      }),
    ).rejects.toThrow('engine failed');
    expect(kept.some((f) => existsSync(f))).toBe(false);
  });

  it('mixes both channels into one mono file', async () => {
    const mix = path.join(dir, 'mix.webm');
    await mixToMonoWebm(stereo, mix);
    expect(await probeChannelCount(mix)).toBe(1);
    expect(rms(await decodeToPcm(mix))).toBeGreaterThan(0.005);
  });
});
