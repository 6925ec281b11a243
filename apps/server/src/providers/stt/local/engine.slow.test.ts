/**
 * The local engine's work (./engine.ts) run in this test process on real sherpa-onnx 1.13.8 with
 * the tiny models of @summy/fakes (fixed random weights, real ONNX formats): model loading,
 * feature extraction, CTC decoding, token timestamps to word timings, neural speaker embeddings
 * and their clustering, determinism. Real models cannot be downloaded on the build machines, so
 * what the tiny weights decode is nonsense: the checks are shape, order and determinism, never
 * words. The worker process around it is covered by ./local-provider.slow.test.ts.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type * as SherpaOnnx from 'sherpa-onnx-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptionResultSchema, type TranscriptionResult } from '@summy/core';
import { isTinyVocabularyWord, TINY_EMBEDDING_DIM } from '@summy/fakes/models';
import { decodeToPcm } from '../../../audio/ffmpeg.ts';
import { expectWordsInOrder, JFK_AUDIO } from '../../../../test/contracts/stt-contract.ts';
import {
  runLocalJob,
  speakerWindows,
  splitLongRegions,
  type LocalJob,
  type WorkerMessage,
} from './engine.ts';
import {
  installTinyModels,
  tinyModelFiles,
  type TinyInstall,
} from '../../../../test/tiny-models.ts';
import { testdataPath } from '../../../../../../testdata/index.ts';

const AMI = testdataPath('audio', 'ami_es2011a_clip', 'ES2011a.Headset-0-40s-46s.wav');
const PYANNOTE = testdataPath('audio', 'pyannote_sample', 'sample.wav');

let tiny: TinyInstall;
let job: (path: string, withEmbedding?: boolean) => LocalJob;

beforeAll(async () => {
  tiny = await installTinyModels();
  const files = (id: string) => tinyModelFiles(tiny, id);
  job = (file, withEmbedding = true) => ({
    path: file,
    language: 'en',
    recognizer: files('tiny-nemo-ctc-en'),
    ...(withEmbedding ? { embedding: files('tiny-speaker-embedding') } : {}),
  });
});
afterAll(() => tiny?.remove());

async function run(
  j: LocalJob,
): Promise<{ result: TranscriptionResult; messages: WorkerMessage[] }> {
  const messages: WorkerMessage[] = [];
  const result = await runLocalJob(j, (m) => messages.push(m));
  return { result, messages };
}

describe('the local engine on tiny models', () => {
  let jfk: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    jfk = await run(job(JFK_AUDIO.path));
  });

  it('loads the models, decodes JFK into words of the tiny vocabulary, in Summy’s result shape', () => {
    const { result } = jfk;
    expect(transcriptionResultSchema.parse(result)).toEqual(result);
    expect(result.duration).toBeCloseTo(11, 0);
    expect(result.language).toBe('en');
    expect(result.words.length).toBeGreaterThan(5);
    // Every word is made of vocabulary pieces: the CTC output really came from tokens.txt.
    for (const w of result.words) expect(isTinyVocabularyWord(w.word), w.word).toBe(true);
    expect(result.text).toBe(result.words.map((w) => w.word).join(' '));
  });

  it('times the words in order, inside the recording, from the 40 ms token steps', () => {
    expectWordsInOrder(jfk.result);
    // Starts fall on the recognizer's frame grid (10 ms frames, subsampling 4) plus the offset
    // of their speech segment: not spread evenly over the segment.
    const starts = new Set(jfk.result.words.map((w) => Math.round(w.start * 1000) % 10));
    expect(starts.size).toBeLessThanOrEqual(3);
  });

  it('gives the same result for the same audio, and another for other audio', async () => {
    const again = await run(job(JFK_AUDIO.path));
    expect(again.result).toEqual(jfk.result);
    const ami = await run(job(AMI));
    expect(ami.result.text).not.toBe(jfk.result.text);
  });

  it('reports its stages and rising progress, with neural speaker embeddings when installed', async () => {
    const stages = jfk.messages.filter((m) => m.type === 'stage');
    expect(stages).toEqual([
      { type: 'stage', stage: 'decode' },
      { type: 'stage', stage: 'load-recognizer', model: 'tiny-nemo-ctc-en' },
      { type: 'stage', stage: 'recognize', model: 'tiny-nemo-ctc-en' },
      { type: 'stage', stage: 'load-embedding', model: 'tiny-speaker-embedding' },
      { type: 'stage', stage: 'diarize', model: 'tiny-speaker-embedding' },
    ]);
    const progress = jfk.messages.flatMap((m) => (m.type === 'progress' ? [m.fraction] : []));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeLessThan(1);

    const mfcc = await run(job(JFK_AUDIO.path, false));
    expect(mfcc.messages.filter((m) => m.type === 'stage').at(-1)).toEqual({
      type: 'stage',
      stage: 'diarize',
    });
    // Same recognizer, same words: only the speaker embeddings differ.
    expect(mfcc.result.words.map((w) => [w.word, w.start, w.end])).toEqual(
      jfk.result.words.map((w) => [w.word, w.start, w.end]),
    );
  });

  it('gives speakers to the words of a two-person conversation, numbered by first appearance', async () => {
    const { result } = await run(job(PYANNOTE));
    const speakers = result.words.map((w) => w.speaker!);
    expect(speakers[0]).toBe(0);
    const seen: number[] = [];
    for (const s of speakers) if (!seen.includes(s)) seen.push(s);
    expect(seen).toEqual(seen.map((_, i) => i));
    expect(new Set(result.speakers.map((t) => t.speaker))).toEqual(new Set(speakers));
  });

  it('answers no words for silence', async () => {
    const silence = path.join(tiny.modelsDir, '..', 'silence.wav');
    await promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      '3',
      '-y',
      silence,
    ]);
    const { result } = await run(job(silence));
    expect(result.words).toEqual([]);
    expect(result.duration).toBeCloseTo(3, 1);
  });
});

describe('the tiny speaker embedding model through sherpa-onnx', () => {
  it('embeds fbank features of a window: fixed size, same audio same vector, other audio another', async () => {
    const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as typeof SherpaOnnx;
    const extractor = new sherpa.SpeakerEmbeddingExtractor({
      model: path.join(tiny.modelsDir, 'tiny-speaker-embedding', 'tiny-speaker-embedding.onnx'),
      numThreads: 1,
    });
    expect(extractor.dim).toBe(TINY_EMBEDDING_DIM);
    const pcm = await decodeToPcm(PYANNOTE, { sampleRate: 16_000 });
    const embed = (from: number) => {
      const stream = extractor.createStream();
      stream.acceptWaveform({
        samples: pcm.slice(from * 16_000, (from + 2) * 16_000),
        sampleRate: 16_000,
      });
      stream.inputFinished();
      expect(extractor.isReady(stream)).toBe(true);
      return Array.from(extractor.compute(stream));
    };
    const a = embed(7);
    expect(a).toHaveLength(TINY_EMBEDDING_DIM);
    expect(a.every(Number.isFinite)).toBe(true);
    expect(embed(7)).toEqual(a);
    expect(embed(20)).not.toEqual(a);
  });
});

describe('segmenting for the recognizer and the embeddings', () => {
  it('cuts long speech at its quietest frame near each even cut, never longer than the limit', () => {
    const frameS = 0.03;
    const energy = new Float32Array(2000).fill(-20);
    energy[Math.round(29 / frameS)] = -70; // a pause at 29 s
    const parts = splitLongRegions(
      [
        { start: 0, end: 55 },
        { start: 56, end: 60 },
      ],
      30,
      energy,
      frameS,
    );
    expect(parts).toHaveLength(3);
    expect(parts[0]!.end).toBeCloseTo(29, 1);
    expect(parts[1]).toEqual({ start: parts[0]!.end, end: 55 });
    expect(parts[2]).toEqual({ start: 56, end: 60 });
  });

  it('covers each region with windows whose cores tile it', () => {
    const windows = speakerWindows([
      { start: 1, end: 6.5 },
      { start: 8, end: 9 },
      { start: 10, end: 10.3 },
    ]);
    const first = windows.filter((w) => w.end <= 6.5 + 1e-9);
    expect(first[0]!.coreStart).toBe(1);
    expect(first.at(-1)!.coreEnd).toBe(6.5);
    for (let i = 1; i < first.length; i++)
      expect(first[i]!.coreStart).toBeCloseTo(first[i - 1]!.coreEnd, 9);
    for (const w of first) expect(w.end - w.start).toBeCloseTo(2, 9);
    expect(windows.filter((w) => w.start >= 8)).toEqual([
      { start: 8, end: 9, coreStart: 8, coreEnd: 9 },
    ]);
  });
});
