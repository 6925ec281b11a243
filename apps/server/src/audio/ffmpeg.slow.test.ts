import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioProbeError, decodeToPcm, probeAudio, writeWav16k } from './ffmpeg.ts';
import { ProcessError } from './process.ts';
import { testdataPath } from '../../../../testdata/index.ts';

const JFK = testdataPath('audio', 'jfk');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-ffmpeg-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('probeAudio', () => {
  it('reads duration, codec, rate and channels of a WAV and a FLAC file', async () => {
    await expect(probeAudio(`${JFK}/jfk.wav`)).resolves.toMatchObject({
      codec: 'pcm_s16le',
      sampleRate: 16000,
      channels: 1,
      truncated: false,
    });
    const flac = await probeAudio(`${JFK}/jfk.flac`);
    expect(flac).toMatchObject({ codec: 'flac', sampleRate: 44100, channels: 2 });
    expect(flac.durationS).toBeCloseTo(11, 1);
  });

  it('rejects a truncated copy of jfk.wav, or reports it when asked to tolerate it', async () => {
    const cut = path.join(dir, 'jfk-truncated.wav');
    await writeFile(cut, (await readFile(`${JFK}/jfk.wav`)).subarray(0, 100_000));
    const err = await probeAudio(cut).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AudioProbeError);
    expect((err as AudioProbeError).code).toBe('truncated');
    expect((err as Error).message).toMatch(/truncated or corrupt/);

    const tolerated = await probeAudio(cut, { allowTruncated: true });
    expect(tolerated.truncated).toBe(true);
    // 100,000 bytes of 16 kHz 16-bit mono: about 3.1 s, not the 11 s the header declares.
    expect(tolerated.durationS).toBeGreaterThan(2.9);
    expect(tolerated.durationS).toBeLessThan(3.3);
  });

  it('rejects a truncated FLAC, whose header still declares 11 s', async () => {
    const cut = path.join(dir, 'jfk-truncated.flac');
    await writeFile(cut, (await readFile(`${JFK}/jfk.flac`)).subarray(0, 100_000));
    await expect(probeAudio(cut)).rejects.toMatchObject({ code: 'truncated' });
  });

  it('rejects a text file as not media', async () => {
    const text = path.join(dir, 'notes.wav');
    await writeFile(text, 'These are meeting notes, not audio.\n');
    await expect(probeAudio(text)).rejects.toMatchObject({
      name: 'AudioProbeError',
      code: 'not_media',
    });
  });
});

describe('decodeToPcm', () => {
  it('decodes the 44.1 kHz stereo FLAC to the same 16 kHz mono signal as the WAV', async () => {
    const [fromWav, fromFlac] = await Promise.all([
      decodeToPcm(`${JFK}/jfk.wav`),
      decodeToPcm(`${JFK}/jfk.flac`, { sampleRate: 16000, expectedDurationS: 11 }),
    ]);
    expect(fromWav.length).toBe(176_000);
    expect(Math.abs(fromFlac.length - 176_000)).toBeLessThan(160);
    // Same speech: the signals are strongly correlated sample by sample.
    let dot = 0;
    let a2 = 0;
    let b2 = 0;
    for (let i = 0; i < 170_000; i++) {
      dot += fromWav[i]! * fromFlac[i]!;
      a2 += fromWav[i]! ** 2;
      b2 += fromFlac[i]! ** 2;
    }
    expect(dot / Math.sqrt(a2 * b2)).toBeGreaterThan(0.9);
    expect(Math.sqrt(a2 / 170_000)).toBeGreaterThan(0.01);
  });

  it('grows its buffer when the expected duration was too short', async () => {
    const pcm = await decodeToPcm(`${JFK}/jfk.wav`, { expectedDurationS: 1 });
    expect(pcm.length).toBe(176_000);
  });

  it("rejects a non-audio file with ffmpeg's error", async () => {
    const text = path.join(dir, 'text.txt');
    await writeFile(text, 'hello\n');
    const err = await decodeToPcm(text).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessError);
    expect((err as ProcessError).stderrTail).toMatch(/Invalid data/);
  });

  it('stops ffmpeg when the signal aborts', async () => {
    // 20 minutes of 16 kHz audio take ffmpeg long enough to abort it midway.
    const long = path.join(dir, 'long.wav');
    await writeWav16k(new Float32Array(16000 * 1200), long);
    const controller = new AbortController();
    const pending = decodeToPcm(long, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(decodeToPcm(long, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('writeWav16k', () => {
  it('writes 16-bit mono WAV that ffmpeg reads back', async () => {
    const tone = new Float32Array(16000).map(
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 16000),
    );
    const file = path.join(dir, 'tone.wav');
    await writeWav16k(tone, file);
    const info = await probeAudio(file);
    expect(info).toMatchObject({ codec: 'pcm_s16le', sampleRate: 16000, channels: 1 });
    expect(info.durationS).toBeCloseTo(1, 3);
    const back = await decodeToPcm(file);
    expect(back.length).toBe(16000);
    let worst = 0;
    for (let i = 0; i < tone.length; i++) worst = Math.max(worst, Math.abs(back[i]! - tone[i]!));
    expect(worst).toBeLessThan(1e-3);
  });
});
