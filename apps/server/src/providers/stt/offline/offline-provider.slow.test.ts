/**
 * The offline provider end to end on real recordings (ffmpeg and PocketSphinx run for real).
 * PocketSphinx 0.8 is weak, so the assertions are about what it reliably gets: a salient word,
 * the number of speakers, sane times; accuracy is measured by bench/stt, not here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hasSpeech, transcriptionResultSchema, type TranscriptionResult } from '@summy/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWav16k } from '../../../audio/ffmpeg.ts';
import { SttError } from '../types.ts';
import { OfflineSttProvider } from './offline-provider.ts';
import { AUDIO_DIR as AUDIO } from '../../../../../../testdata/index.ts';
// Two processes as on the target machine: the parts, and so PocketSphinx's words, depend on it.
const provider = new OfflineSttProvider({ concurrency: 2 });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-offline-stt-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const transcribe = (file: string, mimeType = 'audio/wav') =>
  provider.transcribe({ path: file, mimeType, language: 'en' });

const speakerCount = (r: TranscriptionResult) => new Set(r.words.map((w) => w.speaker)).size;

/** Our own child processes (ffmpeg, ffprobe, pocketsphinx_continuous) still running. */
function childProcesses(): string[] {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    });
  } catch {
    // ps exits with 1 when the process has no children at all.
  }
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /ffmpeg|ffprobe|pocketsphinx/.test(l));
}

function expectWellFormed(r: TranscriptionResult, durationS: number) {
  expect(transcriptionResultSchema.parse(r)).toBeTruthy();
  expect(r.duration).toBeCloseTo(durationS, 1);
  expect(r.language).toBe('en');
  for (const w of r.words) {
    expect(w.start).toBeGreaterThanOrEqual(0);
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(durationS);
    expect(w.confidence).toBeGreaterThanOrEqual(0);
    expect(w.confidence).toBeLessThanOrEqual(1);
    expect(w.word).not.toMatch(/^<|^\[|\(\d+\)$/);
  }
  for (let i = 1; i < r.words.length; i++) {
    expect(r.words[i]!.start).toBeGreaterThanOrEqual(r.words[i - 1]!.start);
  }
  expect(r.utterances).toHaveLength(r.speakers.length);
  expect(r.text.split(' ')).toHaveLength(r.words.length);
  const mean = r.words.reduce((s, w) => s + w.confidence, 0) / r.words.length;
  expect(r.confidence).toBeCloseTo(mean, 6);
  // Speakers are numbered by first appearance: 0 first, and no number skipped.
  const order = [...new Set(r.words.map((w) => w.speaker))];
  expect(order).toEqual(order.map((_, i) => i));
}

// No per-test time-outs below the slow project's 120 s: PocketSphinx on a loaded 2-core machine
// has taken over 60 s for jfk.wav, and a timed-out transcription leaves its processes to fail the
// later "no child process" checks.
describe('OfflineSttProvider on real recordings', () => {
  it('transcribes jfk.wav and jfk.flac with one speaker', async () => {
    const progress: number[] = [];
    const wav = await provider.transcribe({
      path: `${AUDIO}/jfk/jfk.wav`,
      mimeType: 'audio/wav',
      language: 'en',
      onProgress: (f) => progress.push(f),
    });
    expect(wav.text).toContain('country');
    expect(speakerCount(wav)).toBe(1);
    expectWellFormed(wav, 11);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const flac = await transcribe(`${AUDIO}/jfk/jfk.flac`, 'audio/flac');
    expect(flac.text).toContain('country');
    expect(speakerCount(flac)).toBe(1);
    expectWellFormed(flac, 11);
  });

  it('finds the two speakers of the pyannote sample', async () => {
    const r = await transcribe(`${AUDIO}/pyannote_sample/sample.wav`);
    expectWellFormed(r, 30);
    expect(speakerCount(r)).toBe(2);
    expect(r.speakers.length).toBeGreaterThanOrEqual(4);
    // The reference (sample.rttm) has speech from 6.69 s on; nothing before 6 s is a word.
    expect(r.words[0]!.start).toBeGreaterThan(6);
  });

  it('finds one speaker in the AMI headset clip', async () => {
    const r = await transcribe(`${AUDIO}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s.wav`);
    expectWellFormed(r, 6);
    expect(r.words.length).toBeGreaterThan(3);
    expect(speakerCount(r)).toBe(1);
    // Reference speech: 1.46-2.82 s and 3.36-4.36 s.
    expect(r.words[0]!.start).toBeGreaterThan(1);
    expect(r.words.at(-1)!.end).toBeLessThan(5);
  });
});

describe('OfflineSttProvider without speech', () => {
  it('answers an empty transcript for silence made by ffmpeg (anullsrc)', async () => {
    const file = path.join(dir, 'silence.wav');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=stereo',
      '-t',
      '4',
      file,
    ]);
    const r = await transcribe(file);
    expect(hasSpeech(r)).toBe(false);
    expect(r).toMatchObject({ text: '', words: [], speakers: [], utterances: [], confidence: 0 });
    expect(r.duration).toBeCloseTo(4, 1);
  });

  it('answers an empty transcript for steady noise and for zeros', async () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
    const noise = new Float32Array(16000 * 5).map(() => 0.05 * random());
    const noiseFile = path.join(dir, 'noise.wav');
    await writeWav16k(noise, noiseFile);
    expect(hasSpeech(await transcribe(noiseFile))).toBe(false);

    const zerosFile = path.join(dir, 'zeros.wav');
    await writeWav16k(new Float32Array(16000 * 3), zerosFile);
    expect((await transcribe(zerosFile)).words).toEqual([]);
  });
});

describe('OfflineSttProvider failures', () => {
  it('fails with SttError for a file that is not audio', async () => {
    const file = path.join(dir, 'not-audio.webm');
    await writeFile(file, 'this is text\n');
    const err = await transcribe(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SttError);
    expect((err as SttError).code).toBe('failed');
    expect((err as SttError).details).toMatch(/Not a readable audio/);
  });

  it('stops on abort with a timeout error and leaves no child process', async () => {
    // Only this test's processes count: an earlier test that timed out may leave its own.
    const before = new Set(childProcesses());
    const controller = new AbortController();
    let recognising = false;
    const pending = provider.transcribe({
      path: `${AUDIO}/pyannote_sample/sample.wav`,
      mimeType: 'audio/wav',
      language: 'en',
      signal: controller.signal,
      onProgress: (f) => {
        // Decoding is done: the PocketSphinx processes are starting.
        if (f > 0 && !recognising) {
          recognising = true;
          setTimeout(() => controller.abort(new DOMException('too slow', 'TimeoutError')), 500);
        }
      },
    });
    const err = await pending.catch((e: unknown) => e);
    expect(recognising).toBe(true);
    expect(err).toBeInstanceOf(SttError);
    expect((err as SttError).code).toBe('timeout');
    expect((err as Error).message).toBe('Processing timeout');
    expect(childProcesses().filter((p) => !before.has(p))).toEqual([]);
  });

  it('fails with SttError when PocketSphinx cannot run', async () => {
    const before = new Set(childProcesses());
    const broken = new OfflineSttProvider({ pocketsphinxCommand: 'pocketsphinx_missing_binary' });
    const err = await broken
      .transcribe({ path: `${AUDIO}/jfk/jfk.wav`, mimeType: 'audio/wav', language: 'en' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SttError);
    expect((err as SttError).details).toMatch(/pocketsphinx_missing_binary is not installed/);
    expect(childProcesses().filter((p) => !before.has(p))).toEqual([]);
  });
});
