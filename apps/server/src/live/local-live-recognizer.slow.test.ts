/**
 * The live recognizer on an installed local model (the tests' tiny NeMo TDT transducer, real
 * sherpa-onnx in a child process), and its fall back to PocketSphinx when the model fails.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTinyVocabularyWord } from '@summy/fakes/models';
import { decodeToPcm } from '../audio/ffmpeg.ts';
import { installTinyModels, type TinyInstall } from '../../test/tiny-models.ts';
import { JFK_WAV } from '../../test/recordings.ts';
import { createLiveRecognizer } from './local-live-recognizer.ts';
import { pocketsphinxRecognizer } from './live-recognizer.ts';

const ID = 'tiny-nemo-tdt-en';
let tiny: TinyInstall;
let dataDir: string;
let jfk: Float32Array;

beforeAll(async () => {
  [tiny, dataDir, jfk] = await Promise.all([
    installTinyModels({ transducer: true, install: [ID] }),
    mkdtemp(path.join(os.tmpdir(), 'summy-live-local-')),
    decodeToPcm(JFK_WAV, { sampleRate: 16_000 }),
  ]);
});
afterAll(async () => {
  await tiny?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({ dataDir, modelsDir: tiny.modelsDir, modelsCatalogFile: tiny.catalogFile });

describe('live recognizer', () => {
  it('runs an installed local model in one process, stretch after stretch', async () => {
    const recognizer = createLiveRecognizer(env());
    const first = await recognizer.recognize(jfk);
    const second = await recognizer.recognize(jfk.subarray(0, 16_000 * 5));
    await recognizer.close();
    expect(first.split(' ').length).toBeGreaterThan(3);
    for (const word of [...first.split(' '), ...second.split(' ').filter(Boolean)])
      expect(isTinyVocabularyWord(word), word).toBe(true);
    // The same model on the same audio: the same words.
    const again = createLiveRecognizer(env());
    expect(await again.recognize(jfk)).toBe(first);
    await again.close();
  });

  it('falls back to PocketSphinx when the model fails, and without a model', async () => {
    const entry = tiny.entries.find((e) => e.id === ID)!;
    await writeFile(path.join(tiny.modelsDir, ID, entry.files.encoder!), 'not a model');
    const start = jfk.subarray(0, 16_000 * 3);
    const pocketsphinx = pocketsphinxRecognizer({ dataDir });
    const expected = await pocketsphinx.recognize(start);
    await pocketsphinx.close();
    expect(expected).not.toBe('');
    const broken = createLiveRecognizer(env());
    expect(await broken.recognize(start)).toBe(expected);
    await broken.close();
    await tiny.uninstall(ID);
    const none = createLiveRecognizer(env());
    expect(await none.recognize(start)).toBe(expected);
    await none.close();
  });
});
