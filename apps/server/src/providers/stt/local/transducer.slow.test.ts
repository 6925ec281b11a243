/**
 * The default recognizer's family, a NeMo token-and-duration transducer (Parakeet TDT), through
 * the local engine on real sherpa-onnx: the tests' tiny TDT model (@summy/fakes, fixed random
 * weights in the three files sherpa-onnx loads) goes through `recognizerConfig`'s
 * `nemo_transducer` configuration, sherpa-onnx's TDT greedy search and Summy's token-to-word
 * timing, in this process and in the local provider's worker process. What it decodes is
 * nonsense: the checks are shape, order and determinism.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptionResultSchema, type TranscriptionResult } from '@summy/core';
import { isTinyVocabularyWord } from '@summy/fakes/models';
import { expectWordsInOrder, JFK_AUDIO } from '../../../../test/contracts/stt-contract.ts';
import { installTinyModels, type TinyInstall } from '../../../../test/tiny-models.ts';
import { testdataPath } from '../../../../../../testdata/index.ts';
import { runLocalJob, type LocalJob, type WorkerMessage } from './engine.ts';
import { LocalSttProvider } from './local-provider.ts';

const AMI = testdataPath('audio', 'ami_es2011a_clip', 'ES2011a.Headset-0-40s-46s.wav');
const ID = 'tiny-nemo-tdt-en';

let tiny: TinyInstall;
let job: (file: string) => LocalJob;

beforeAll(async () => {
  tiny = await installTinyModels({ transducer: true, install: [ID] });
  const entry = tiny.entries.find((e) => e.id === ID)!;
  const paths = Object.fromEntries(
    Object.entries(entry.files).map(([role, rel]) => [role, path.join(tiny.modelsDir, ID, rel)]),
  );
  job = (file) => ({
    path: file,
    language: 'en',
    recognizer: { id: ID, family: entry.family, paths },
  });
});
afterAll(() => tiny?.remove());

async function run(
  file: string,
): Promise<{ result: TranscriptionResult; messages: WorkerMessage[] }> {
  const messages: WorkerMessage[] = [];
  const result = await runLocalJob(job(file), (m) => messages.push(m));
  return { result, messages };
}

describe('a NeMo TDT transducer in the local engine', () => {
  let jfk: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    jfk = await run(JFK_AUDIO.path);
  });

  it('loads its encoder, decoder and joiner and decodes JFK into words of its vocabulary', () => {
    const { result, messages } = jfk;
    expect(messages.filter((m) => m.type === 'stage').slice(0, 3)).toEqual([
      { type: 'stage', stage: 'decode' },
      { type: 'stage', stage: 'load-recognizer', model: ID },
      { type: 'stage', stage: 'recognize', model: ID },
    ]);
    expect(transcriptionResultSchema.parse(result)).toEqual(result);
    expect(result.duration).toBeCloseTo(11, 0);
    expect(result.words.length).toBeGreaterThan(3);
    for (const w of result.words) expect(isTinyVocabularyWord(w.word), w.word).toBe(true);
    expect(result.text).toBe(result.words.map((w) => w.word).join(' '));
  });

  it('times the words in order, inside the recording', () => {
    expectWordsInOrder(jfk.result);
  });

  it('is chosen when it is the installed recognizer, and transcribes the same in the worker process', async () => {
    const provider = new LocalSttProvider({
      modelsDir: tiny.modelsDir,
      modelsCatalogFile: tiny.catalogFile,
    });
    const result = await provider.transcribe({ ...JFK_AUDIO, language: 'en' });
    expect(provider.model).toBe(ID);
    expect(result.words).toEqual(jfk.result.words);
  });

  it('gives the same words for the same audio, and others for other audio', async () => {
    const again = await run(JFK_AUDIO.path);
    expect(again.result.words).toEqual(jfk.result.words);
    const ami = await run(AMI);
    expect(ami.result.text).not.toBe(jfk.result.text);
  });
});
