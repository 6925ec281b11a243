/**
 * The local provider (./local-provider.ts) on real sherpa-onnx with the tiny models of
 * @summy/fakes: the work happens in a worker process (never in this one), the answer matches the
 * engine's, the provider is chosen per job from what is installed, the language setting picks
 * the recognizer, and every failure is a clear SttError: missing file, corrupt ONNX, unsupported
 * language, unreadable audio, abort; the worker dies with its parent. Real models cannot be
 * downloaded on the build machines: expected texts are whatever the tiny weights decode.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptionResultSchema } from '@summy/core';
import { loadEnv } from '../../../env.ts';
import { currentSttProviderId } from '../catalog.ts';
import { sttContract, JFK_AUDIO } from '../../../../test/contracts/stt-contract.ts';
import { runLocalJob } from './engine.ts';
import { LocalSttProvider, runWorker } from './local-provider.ts';
import { installTinyModels, sttFailure, type TinyInstall } from '../../../../test/tiny-models.ts';
import { testdataPath } from '../../../../../../testdata/index.ts';

let tiny: TinyInstall;
beforeAll(async () => {
  tiny = await installTinyModels({
    extraRecognizers: [{ id: 'tiny-nemo-ctc-de', languages: ['de'], seed: 7 }],
  });
});
afterAll(() => tiny?.remove());

/** A 60 s AMI far-field recording: long enough to abort or kill mid-transcription. */
const SDM_EXCERPT = testdataPath('audio', 'ami_sdm_excerpts', 'ES2004c_1120-1180s.wav');
const env = () => ({ modelsDir: tiny.modelsDir, modelsCatalogFile: tiny.catalogFile });

/** Pids of the live children of `parent` whose command line mentions `text`. */
function childrenOf(parent: number, text: string): number[] {
  return readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      return Number(fields[1]) === parent && fields[0] !== 'Z' && cmd.includes(text)
        ? [Number(name)]
        : [];
    } catch {
      return [];
    }
  });
}

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const failure = sttFailure;

describe('the local provider', () => {
  it('transcribes in a worker process: the engine’s answer, rising progress, no native code here', async () => {
    const provider = new LocalSttProvider(env());
    const progress: number[] = [];
    const result = await provider.transcribe({
      ...JFK_AUDIO,
      language: 'en',
      onProgress: (f) => progress.push(f),
    });
    expect(transcriptionResultSchema.parse(result)).toEqual(result);
    expect(result.words.length).toBeGreaterThan(5);
    expect(provider.id).toBe('local');
    expect(provider.model).toBe('tiny-nemo-ctc-en');
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    // The same job run in-process gives the same answer, twice: deterministic.
    const chosen = tiny.entries.filter((e) =>
      ['tiny-nemo-ctc-en', 'tiny-speaker-embedding'].includes(e.id),
    );
    const files = (id: string) => ({
      id,
      family: chosen.find((e) => e.id === id)!.family,
      paths: Object.fromEntries(
        Object.entries(chosen.find((e) => e.id === id)!.files).map(([r, f]) => [
          r,
          path.join(tiny.modelsDir, id, f),
        ]),
      ),
    });
    const job = {
      path: JFK_AUDIO.path,
      language: 'en',
      recognizer: files('tiny-nemo-ctc-en'),
      embedding: files('tiny-speaker-embedding'),
    };
    expect(await runWorker(job)).toEqual(result);
    // The native engine never loaded into this process (it did in the worker).
    expect(readFileSync('/proc/self/maps', 'utf8')).not.toContain('sherpa-onnx');
    expect(await runLocalJob(job, () => undefined)).toEqual(result);
  });

  it('honours the language: the German tiny recognizer for de-AT, a clear error for fr', async () => {
    const provider = new LocalSttProvider(env());
    const german = await provider.transcribe({ ...JFK_AUDIO, language: 'de-AT' });
    expect(provider.model).toBe('tiny-nemo-ctc-de');
    expect(german.language).toBe('de-AT');
    expect(german.text).not.toBe(
      (await provider.transcribe({ ...JFK_AUDIO, language: 'en' })).text,
    );

    const error = await failure(provider.transcribe({ ...JFK_AUDIO, language: 'fr' }));
    expect(error.code).toBe('failed');
    expect(error.message).toBe('Transcription failed');
    expect(error.details).toBe(
      "No installed local speech model supports the language 'fr' (installed models support: en, de). Download a model for it in Settings > Transcription.",
    );
  });

  it('says so when no recognizer is installed', async () => {
    const empty = await installTinyModels({ install: ['tiny-speaker-embedding'] });
    try {
      const provider = new LocalSttProvider({
        modelsDir: empty.modelsDir,
        modelsCatalogFile: empty.catalogFile,
      });
      expect(provider.model).toBeUndefined();
      const error = await failure(provider.transcribe({ ...JFK_AUDIO, language: 'en' }));
      expect(error.details).toMatch(
        /^No local speech model is installed\. Download one in Settings > Transcription/,
      );
    } finally {
      await empty.remove();
    }
  });

  it('names the model and the reason when a model file is missing or corrupt', async () => {
    const broken = await installTinyModels({ install: ['tiny-nemo-ctc-en'] });
    try {
      const model = path.join(
        broken.modelsDir,
        'tiny-nemo-ctc-en',
        'tiny-nemo-ctc-en',
        'model.onnx',
      );
      const tokens = path.join(
        broken.modelsDir,
        'tiny-nemo-ctc-en',
        'tiny-nemo-ctc-en',
        'tokens.txt',
      );
      const job = {
        path: JFK_AUDIO.path,
        language: 'en',
        recognizer: {
          id: 'tiny-nemo-ctc-en',
          family: 'nemo-ctc' as const,
          paths: { model, tokens: `${tokens}.gone` },
        },
      };
      const missing = await failure(runWorker(job));
      expect(missing.code).toBe('failed');
      expect(missing.details).toContain(
        "The local speech model 'tiny-nemo-ctc-en' could not be loaded:",
      );
      expect(missing.details).toContain(`tokens: '${tokens}.gone' does not exist`);

      // A truncated model: onnxruntime cannot parse it and the worker aborts; the server does not.
      await truncate(model, 5000);
      const provider = new LocalSttProvider({
        modelsDir: broken.modelsDir,
        modelsCatalogFile: broken.catalogFile,
      });
      const corrupt = await failure(provider.transcribe({ ...JFK_AUDIO, language: 'en' }));
      expect(corrupt.code).toBe('failed');
      expect(corrupt.details).toContain(
        "The local speech model 'tiny-nemo-ctc-en' could not be loaded:",
      );
      expect(corrupt.details).toContain('Protobuf parsing failed');
      expect(corrupt.details).toContain(
        'Remove it in Settings > Transcription and download it again.',
      );
    } finally {
      await broken.remove();
    }
  });

  it('fails clearly on a file that is not audio', async () => {
    const text = path.join(tiny.modelsDir, '..', 'notes.wav');
    await writeFile(text, 'these are not the samples you are looking for\n'.repeat(50));
    const error = await failure(
      new LocalSttProvider(env()).transcribe({ path: text, mimeType: 'audio/wav', language: 'en' }),
    );
    expect(error.code).toBe('failed');
    expect(error.details).toMatch(/^The audio could not be read: /);
  });

  it('stops on abort with a timeout error, its worker gone', async () => {
    const controller = new AbortController();
    const running = new LocalSttProvider(env()).transcribe({
      path: SDM_EXCERPT,
      mimeType: 'audio/wav',
      language: 'en',
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    const error = await failure(running);
    expect(error.code).toBe('timeout');
    expect(childrenOf(process.pid, 'worker.ts')).toEqual([]);
  });

  it('has a worker that dies with its parent process, even one killed with SIGKILL', async () => {
    // A parent that transcribes in a loop, killed while its worker runs.
    const script = `
      import { LocalSttProvider } from ${JSON.stringify(fileURLToPath(new URL('./local-provider.ts', import.meta.url)))};
      const p = new LocalSttProvider(${JSON.stringify(env())});
      for (;;) await p.transcribe({ path: ${JSON.stringify(SDM_EXCERPT)}, mimeType: 'audio/wav', language: 'en' });
    `;
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: 'ignore',
      },
    );
    const exited = new Promise((r) => parent.once('exit', r));
    // setpriv sets the parent-death signal, then execs node in the same process: wait for node.
    const worker = await until(
      () =>
        childrenOf(parent.pid!, 'worker.ts').find(
          (pid) => !readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('setpriv'),
        ),
      'the worker',
    );
    parent.kill('SIGKILL');
    await exited;
    await until(() => {
      try {
        const state = readFileSync(`/proc/${worker}/stat`, 'utf8');
        return state.slice(state.lastIndexOf(')') + 2).startsWith('Z') ? true : undefined;
      } catch {
        return true;
      }
    }, 'the worker to die');
  });
});

describe('currentSttProviderId: chosen per job from settings and installed models', () => {
  it('auto: offline until a recognizer is installed, local from the next call on; cloud keys first', async () => {
    const later = await installTinyModels({ install: [] });
    const id = (settings: Record<string, string> = {}) =>
      currentSttProviderId({
        ...loadEnv({ AUTH_SECRET: 'x'.repeat(40), ...settings }),
        modelsDir: later.modelsDir,
        modelsCatalogFile: later.catalogFile,
      });
    try {
      expect(id()).toBe('offline');
      await later.install('tiny-speaker-embedding');
      expect(id()).toBe('offline');
      await later.install('tiny-nemo-ctc-en');
      expect(id()).toBe('local');
      expect(id({ DEEPGRAM_API_KEY: 'dg' })).toBe('deepgram');
      expect(id({ OPENAI_BASE_URL: 'http://127.0.0.1:9' })).toBe('openai');
      expect(id({ STT_PROVIDER: 'offline' })).toBe('offline');
      await later.uninstall('tiny-nemo-ctc-en');
      expect(id()).toBe('offline');
      expect(id({ STT_PROVIDER: 'local' })).toBe('local');
    } finally {
      await later.remove();
    }
  });
});

// The speech-to-text contract every provider passes, on the tiny models.
sttContract('local (tiny models)', async () => ({
  provider: new LocalSttProvider(env()),
  failWith: (code) => (code === 'timeout' ? new LocalSttProvider(env()) : undefined),
  timeoutProbeMs: 50,
}));
