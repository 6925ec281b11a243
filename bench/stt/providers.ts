/**
 * The speech-to-text providers the benchmark runs: the offline default (PocketSphinx + Summy's
 * diarization), and the local engine once per English recognizer installed in the models folder,
 * with and without each installed speaker embedding model. Cloud providers (Deepgram with
 * DEEPGRAM_API_KEY, OpenAI with OPENAI_API_KEY) are not measured here: the build machines have no
 * keys, and their speed is not this machine's.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../../apps/server/src/env.ts';
import { installedModels, type InstalledModel } from '../../apps/server/src/models/installed.ts';
import type { SttProvider } from '../../apps/server/src/providers/stt/types.ts';
import { LocalSttProvider } from '../../apps/server/src/providers/stt/local/index.ts';
import {
  primaryLanguage,
  RECOGNIZER_FAMILIES,
} from '../../apps/server/src/providers/stt/local/select-models.ts';
import { OfflineSttProvider } from '../../apps/server/src/providers/stt/offline/index.ts';

/** A provider under test and how the report names it. */
export interface BenchProvider {
  label: string;
  provider: SttProvider;
  /** True when the provider runs on this machine (its real-time factor means something here). */
  local: boolean;
  /**
   * True when it runs a test model (id `tiny-…`, random weights, packages/fakes tiny-models.ts):
   * its words and speakers are meaningless, so only its real-time factor is reported, labelled
   * as a test model's.
   */
  testModels?: boolean;
}

/** The providers to measure, offline first. */
export function benchProviders(): BenchProvider[] {
  const providers: BenchProvider[] = [
    {
      label: 'offline (PocketSphinx + Summy diarization)',
      provider: new OfflineSttProvider(),
      local: true,
    },
  ];
  for (const key of ['DEEPGRAM_API_KEY', 'OPENAI_API_KEY']) {
    if (process.env[key]) {
      console.warn(`${key} is set, but the benchmark measures local providers only: skipped`);
    }
  }
  return providers;
}

/** Ids of test models written by packages/fakes (tiny-models.ts) start with this. */
const TEST_MODEL_PREFIX = 'tiny-';

/** What the local engine can be measured with, and what was left out and why. */
export interface LocalBench {
  /** Absolute models folder searched (SUMMY_MODELS_DIR, else `DATA_DIR/models`). */
  modelsDir: string;
  /** 'none': no recognizer installed; 'test-only': only `tiny-` models; 'real': at least one real. */
  status: 'none' | 'test-only' | 'real';
  /** Configurations to measure. */
  providers: BenchProvider[];
  /** Lines for the report: what is (not) measured and why. */
  notes: string[];
}

/**
 * The models folder and catalog as the server reads them (apps/server/src/env.ts):
 * SUMMY_MODELS_DIR, else `$DATA_DIR/models` (DATA_DIR default `./data`); MODELS_CATALOG replaces
 * the built-in catalog (needed for the test models, which only their own catalog lists).
 */
export function benchModelsEnv(): Pick<Env, 'modelsDir' | 'modelsCatalogFile'> {
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const catalog = process.env.MODELS_CATALOG;
  return {
    modelsDir: path.resolve(process.env.SUMMY_MODELS_DIR || path.join(dataDir, 'models')),
    modelsCatalogFile: catalog ? path.resolve(catalog) : undefined,
  };
}

const isTest = (m: InstalledModel) => m.entry.id.startsWith(TEST_MODEL_PREFIX);

/**
 * The local engine's configurations: for each installed recognizer that takes English (the test
 * recordings are English), one without a speaker embedding model (Summy's MFCC embeddings) and
 * one with each installed speaker embedding model. Each runs the real `LocalSttProvider` on a
 * catalog (written into `tmp`) that lists only its models, so the provider's own per-job choice
 * picks exactly them; onnxruntime uses one thread per core (the provider's default).
 * @throws ConfigurationError when MODELS_CATALOG is set and invalid
 */
export function localBench(tmp: string): LocalBench {
  const env = benchModelsEnv();
  const installed = installedModels(env);
  const recognizers = installed.filter(
    (m) =>
      m.entry.kind === 'recognizer' &&
      (RECOGNIZER_FAMILIES as readonly string[]).includes(m.entry.family),
  );
  const embeddings = installed.filter((m) => m.entry.kind === 'speaker-embedding');
  const notes: string[] = [];
  // Relative to the working directory: the report names no machine's absolute paths.
  const shownDir = path.relative(process.cwd(), env.modelsDir) || '.';
  const real = recognizers.filter((m) => !isTest(m));
  const status = recognizers.length === 0 ? 'none' : real.length === 0 ? 'test-only' : 'real';
  if (status === 'none') {
    notes.push(
      `No local speech models in ${shownDir}: the local engine is not measured; real model files cannot be downloaded on this machine.`,
    );
  } else if (status === 'test-only') {
    notes.push(
      `No real local speech models in ${shownDir}, only test models: the local engine's accuracy is not measured; real model files cannot be downloaded on this machine.`,
    );
  }
  const tests = installed.filter(isTest).map((m) => m.entry.id);
  if (tests.length > 0) {
    notes.push(
      `Test models installed (${tests.join(', ')}): random weights, their words and speakers are meaningless, so no WER, DER or speaker count is reported for them; only the real-time factor of the engine running them, labelled as a test model's (worker start, decoding, VAD, a tiny network and diarization: not the speed of a real model).`,
    );
  }
  if (recognizers.length > 0 && embeddings.length === 0) {
    notes.push(
      'No speaker embedding model installed: the local engine is measured with Summy MFCC embeddings only.',
    );
  }
  const providers: BenchProvider[] = [];
  for (const recognizer of recognizers) {
    if (!recognizer.entry.languages.some((l) => primaryLanguage(l) === 'en')) {
      notes.push(
        `${recognizer.entry.id} (${recognizer.entry.languages.join(', ')}) not measured: the test recordings are English.`,
      );
      continue;
    }
    for (const embedding of [undefined, ...embeddings]) {
      const models = embedding ? [recognizer, embedding] : [recognizer];
      const name = models.map((m) => m.entry.id).join('+');
      const catalogFile = path.join(tmp, `catalog-${name}.json`);
      writeFileSync(catalogFile, JSON.stringify(models.map((m) => m.entry)));
      providers.push({
        label: `local (sherpa-onnx ${recognizer.entry.id}, ${embedding ? `${embedding.entry.id} speaker embeddings` : 'MFCC speaker embeddings'})`,
        provider: new LocalSttProvider({
          modelsDir: env.modelsDir,
          modelsCatalogFile: catalogFile,
        }),
        local: true,
        testModels: models.some(isTest),
      });
    }
  }
  return { modelsDir: env.modelsDir, status, providers, notes };
}
