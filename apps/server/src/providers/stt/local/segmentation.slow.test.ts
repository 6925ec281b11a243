/**
 * Speaker turns from neural speaker segmentation (./segmentation.ts, ./engine.ts) on real
 * sherpa-onnx 1.13.8: the tests' tiny pyannote-style segmentation model (@summy/fakes, fixed
 * random weights, the input, output and metadata sherpa-onnx's OfflineSpeakerDiarization reads)
 * with the tiny speaker embedding model, on a 60 s AMI meeting excerpt (four people). Real models
 * cannot be downloaded on the build machines, so who the tiny models hear is arbitrary: the checks
 * are shape, order, the speaker-count hint, voiceprints, the choice of models and the errors.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { truncate } from 'node:fs/promises';
import type * as SherpaOnnx from 'sherpa-onnx-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptionResultSchema, type TranscriptionResult } from '@summy/core';
import { TINY_EMBEDDING_DIM } from '@summy/fakes/models';
import { decodeToPcm } from '../../../audio/ffmpeg.ts';
import { JFK_AUDIO } from '../../../../test/contracts/stt-contract.ts';
import {
  installTinyModels,
  tinyModelFiles,
  sttFailure,
  type TinyInstall,
} from '../../../../test/tiny-models.ts';
import { testdataPath } from '../../../../../../testdata/index.ts';
import { runLocalJob, type LocalJob, type LocalModelFiles, type WorkerMessage } from './engine.ts';
import { LocalSttProvider } from './local-provider.ts';
import { diarizationConfig, turnsFromSegments } from './segmentation.ts';
import { chooseLocalModels } from './select-models.ts';

/** 60 s of the AMI ES2004a headset mix: four people, quick turns, some overlap. */
const AMI = testdataPath('audio', 'ami_es2004a_excerpt', 'ES2004a_750-810s.wav');
const SEGMENTATION = 'tiny-pyannote-segmentation';
const EMBEDDING = 'tiny-speaker-embedding';
const RECOGNIZER = 'tiny-nemo-ctc-en';

let tiny: TinyInstall;
let files: (id: string) => LocalModelFiles;
const env = () => ({ modelsDir: tiny.modelsDir, modelsCatalogFile: tiny.catalogFile });

beforeAll(async () => {
  tiny = await installTinyModels({ segmentation: true });
  files = (id) => tinyModelFiles(tiny, id);
});
afterAll(() => tiny?.remove());

function job(extra: Partial<LocalJob> = {}): LocalJob {
  return {
    path: AMI,
    language: 'en',
    recognizer: files(RECOGNIZER),
    embedding: files(EMBEDDING),
    segmentation: files(SEGMENTATION),
    ...extra,
  };
}

async function run(
  j: LocalJob,
): Promise<{ result: TranscriptionResult; messages: WorkerMessage[] }> {
  const messages: WorkerMessage[] = [];
  const result = await runLocalJob(j, (m) => messages.push(m));
  return { result, messages };
}

const speakersOf = (result: TranscriptionResult) => new Set(result.words.map((w) => w.speaker));

const failure = sttFailure;

describe('sherpa-onnx diarization with the tiny segmentation model', () => {
  it('finds overlapping speakers, which become turns in time order that never overlap', async () => {
    const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as typeof SherpaOnnx;
    const diarizer = new sherpa.OfflineSpeakerDiarization(
      diarizationConfig(files(SEGMENTATION).paths.model!, files(EMBEDDING).paths.model!, 2, 3),
    );
    expect(diarizer.sampleRate).toBe(16_000);
    const segments = diarizer.process(await decodeToPcm(AMI, { sampleRate: 16_000 }));
    expect(new Set(segments.map((s) => s.speaker)).size).toBe(3);
    // The tiny model hears people talking over each other: the case the turns must resolve.
    const overlapping = segments.some((a, i) =>
      segments.some((b, j) => i !== j && a.start < b.end && b.start < a.end),
    );
    expect(overlapping).toBe(true);

    const turns = turnsFromSegments(segments);
    expect(turns.length).toBeGreaterThan(3);
    const seen: number[] = [];
    for (const [i, turn] of turns.entries()) {
      expect(turn.end).toBeGreaterThan(turn.start);
      if (i > 0) expect(turn.start).toBeGreaterThanOrEqual(turns[i - 1]!.end);
      if (!seen.includes(turn.speaker)) seen.push(turn.speaker);
    }
    expect(seen).toEqual([0, 1, 2]);
    // Every moment some segment covers is in a turn of one of the speakers covering it.
    for (const turn of turns) {
      const mid = (turn.start + turn.end) / 2;
      expect(segments.some((s) => s.start <= mid && mid <= s.end)).toBe(true);
    }
  });
});

describe('the local engine with a segmentation model', () => {
  let plain: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    plain = await run(job());
  });

  it('loads the segmentation model after the embedding model and diarizes with it', () => {
    expect(plain.messages.filter((m) => m.type === 'stage').slice(3)).toEqual([
      { type: 'stage', stage: 'load-embedding', model: EMBEDDING },
      { type: 'stage', stage: 'diarize', model: EMBEDDING },
      { type: 'stage', stage: 'load-segmentation', model: SEGMENTATION },
      { type: 'stage', stage: 'diarize', model: SEGMENTATION },
    ]);
    const progress = plain.messages.flatMap((m) => (m.type === 'progress' ? [m.fraction] : []));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('answers Summy’s result: speakers 0-based by first appearance, turns in time order', () => {
    const { result } = plain;
    expect(transcriptionResultSchema.parse(result)).toEqual(result);
    expect(result.words.length).toBeGreaterThan(100);
    const order: number[] = [];
    for (const w of result.words) if (!order.includes(w.speaker!)) order.push(w.speaker!);
    expect(order).toEqual(order.map((_, i) => i));
    // Several speakers: sherpa-onnx's threshold clustering of the tiny embeddings.
    expect(order.length).toBeGreaterThan(1);
    expect(result.speakers.length).toBeGreaterThan(order.length);
    for (const [i, turn] of result.speakers.entries()) {
      expect(turn.end).toBeGreaterThanOrEqual(turn.start);
      if (i === 0) continue;
      const previous = result.speakers[i - 1]!;
      expect(turn.start).toBeGreaterThanOrEqual(previous.end);
      expect(turn.speaker).not.toBe(previous.speaker);
    }
  });

  it('keeps the voiceprints: one per speaker, from the embedding model’s windows', () => {
    const { result } = plain;
    expect(result.speakerEmbeddings?.model).toBe(EMBEDDING);
    const vectors = result.speakerEmbeddings!.vectors;
    expect(vectors).toHaveLength(speakersOf(result).size);
    const present = vectors.filter((v) => v !== null);
    expect(present.length).toBeGreaterThan(0);
    for (const v of present) {
      expect(v).toHaveLength(TINY_EMBEDDING_DIM);
      expect(Math.hypot(...v)).toBeCloseTo(1, 3);
    }
  });

  it('gives the same answer for the same job', async () => {
    expect((await run(job())).result).toEqual(plain.result);
  });

  it('makes at most as many speakers as it is told, and no fewer than it finds below that', async () => {
    const found = speakersOf(plain.result).size;
    // The tiny models find several voices in the four-person excerpt, so every cap below bites.
    expect(found).toBeGreaterThan(3);
    const one = (await run(job({ speakerCount: 1 }))).result;
    const two = (await run(job({ speakerCount: 2 }))).result;
    const three = (await run(job({ speakerCount: 3 }))).result;
    expect(speakersOf(one)).toEqual(new Set([0]));
    expect(speakersOf(two).size).toBe(2);
    expect(speakersOf(three).size).toBe(3);
    // A cap above what was found changes nothing.
    expect((await run(job({ speakerCount: found + 2 }))).result).toEqual(plain.result);
    expect(three.speakerEmbeddings!.vectors).toHaveLength(speakersOf(three).size);
    // The words are the recognizer's either way: only who said them changes.
    expect(three.words.map((w) => w.word)).toEqual(plain.result.words.map((w) => w.word));
  });

  it('diarizes recordings longer than the limit from the windows, the count as a cap', async () => {
    const { result, messages } = await run(job({ maxSegmentationS: 30, speakerCount: 2 }));
    const stages = messages.flatMap((m) => (m.type === 'stage' ? [m.stage] : []));
    expect(stages).not.toContain('load-segmentation');
    expect(speakersOf(result).size).toBeLessThanOrEqual(2);
    expect(result.speakerEmbeddings?.model).toBe(EMBEDDING);
  });
});

describe('choosing and running the segmentation model in the local provider', () => {
  it('uses it only beside an embedding model, and passes the speaker count to the worker', async () => {
    const partial = await installTinyModels({
      segmentation: true,
      install: [RECOGNIZER, SEGMENTATION],
    });
    try {
      const partialEnv = { modelsDir: partial.modelsDir, modelsCatalogFile: partial.catalogFile };
      expect(chooseLocalModels(partialEnv, 'en').segmentation).toBeUndefined();
      await partial.install(EMBEDDING);
      const chosen = chooseLocalModels(partialEnv, 'en');
      expect(chosen.embedding?.entry.id).toBe(EMBEDDING);
      expect(chosen.segmentation?.entry.id).toBe(SEGMENTATION);
    } finally {
      await partial.remove();
    }

    const provider = new LocalSttProvider(env());
    const result = await provider.transcribe({
      path: AMI,
      mimeType: 'audio/wav',
      language: 'en',
      speakerCount: 1,
    });
    // One speaker only because the hint reached sherpa-onnx: unhinted, it finds several.
    expect(speakersOf(result)).toEqual(new Set([0]));
    expect(result.speakerEmbeddings?.vectors).toHaveLength(1);
  });

  it('names the segmentation model when its file is corrupt', async () => {
    const broken = await installTinyModels({
      segmentation: true,
      install: [RECOGNIZER, EMBEDDING, SEGMENTATION],
    });
    try {
      const entry = broken.entries.find((e) => e.id === SEGMENTATION)!;
      await truncate(path.join(broken.modelsDir, SEGMENTATION, entry.files.model!), 5000);
      const provider = new LocalSttProvider({
        modelsDir: broken.modelsDir,
        modelsCatalogFile: broken.catalogFile,
      });
      const corrupt = await failure(provider.transcribe({ ...JFK_AUDIO, language: 'en' }));
      expect(corrupt.code).toBe('failed');
      expect(corrupt.details).toContain(
        `The local speech model '${SEGMENTATION}' could not be loaded:`,
      );
      expect(corrupt.details).toContain('Protobuf parsing failed');
      expect(corrupt.details).toContain(
        'Remove it in Settings > Transcription and download it again.',
      );
    } finally {
      await broken.remove();
    }
  });
});
