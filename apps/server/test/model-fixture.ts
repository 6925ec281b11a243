/**
 * The model manager's test fixture: a loopback mirror serving the tiny test models
 * (packages/fakes/src/models/tiny-models.ts) plus `big-vad`, a 1 MB file of fixed pseudo-random
 * bytes for progress, resume and size limits, and a fresh models folder and catalog per case.
 * Real files, real HTTP on 127.0.0.1; real model files cannot be downloaded here.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  startModelServer,
  writeTinyModels,
  type ModelServer,
  type TinyModelOptions,
  type TinyModels,
} from '@summy/fakes/models';
import type { ModelEntry } from '@summy/core';
import { installedModels } from '../src/models/installed.ts';
import { ModelManager, type ModelDownload } from '../src/models/manager.ts';
import type { ModelManagerOptions, ModelsEnv } from '../src/models/settings.ts';

/** The tiny recognizer's id. */
export const RECOGNIZER = 'tiny-nemo-ctc-en';
/** Size of `big-vad` in bytes. */
export const BIG_BYTES = 1_000_000;

/** Fixed pseudo-random bytes (xorshift), incompressible, so sizes and cuts are exact. */
export function fixedBytes(n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = 0x2545f491;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** What {@link modelFixture} sets up; its fields are filled in `beforeAll`. */
export interface ModelFixture {
  root: string;
  tiny: TinyModels;
  mirror: ModelServer;
  big: ModelEntry;
  /** A fresh models folder and catalog (the tiny models plus `big`, with overrides). */
  setup(
    overrides?: Partial<Record<string, Partial<ModelEntry>>>,
    options?: ModelManagerOptions,
    baseUrl?: string,
  ): Promise<{ env: ModelsEnv; manager: ModelManager }>;
}

/**
 * Registers the vitest hooks of the fixture and returns it (filled before the first test).
 * `tinyOptions` go to `writeTinyModels` (e.g. `{ notesModels: true }` for the GGUF notes files).
 */
export function modelFixture(tinyOptions: TinyModelOptions = {}): ModelFixture {
  let counter = 0;
  const fx = {
    root: mkdtempSync(path.join(os.tmpdir(), 'summy-models-')),
    async setup(overrides = {}, options = {}, baseUrl?: string) {
      const dir = path.join(fx.root, `case-${++counter}`);
      await mkdir(dir, { recursive: true });
      const entries = [...(fx.tiny.entries as ModelEntry[]), fx.big].map((e) => ({
        ...e,
        ...overrides[e.id],
      }));
      const catalogFile = path.join(dir, 'catalog.json');
      await writeFile(catalogFile, JSON.stringify(entries));
      const env: ModelsEnv = {
        modelsDir: path.join(dir, 'models'),
        modelsBaseUrl: baseUrl ?? fx.mirror.url,
        modelsCatalogFile: catalogFile,
      };
      const manager = new ModelManager(env, { retryDelayMs: 0, ...options });
      return { env, manager };
    },
  } as ModelFixture;

  beforeAll(async () => {
    fx.tiny = await writeTinyModels(path.join(fx.root, 'tiny'), tinyOptions);
    const bytes = fixedBytes(BIG_BYTES);
    await writeFile(path.join(fx.tiny.archivesDir, 'big-vad.onnx'), bytes);
    fx.big = {
      id: 'big-vad',
      name: 'Big test file',
      kind: 'vad',
      family: 'silero-vad',
      languages: ['en'],
      sizeBytes: BIG_BYTES,
      goodFor: 'Tests: progress and resume.',
      url: 'big-vad.onnx',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      archive: 'none',
      files: { model: 'big-vad.onnx' },
    };
    fx.mirror = await startModelServer(fx.tiny.archivesDir);
  });
  afterAll(async () => {
    await fx.mirror?.close();
    rmSync(fx.root, { recursive: true, force: true });
  });
  beforeEach(() => {
    fx.mirror.setFaults({});
    fx.mirror.requests.length = 0;
  });
  return fx;
}

/** Asserts nothing of `id` is installed: no folder, no marker, not listed, no staging folder. */
export function expectNothingInstalled(env: ModelsEnv, id: string): void {
  expect(existsSync(path.join(env.modelsDir, id))).toBe(false);
  expect(installedModels(env).map((m) => m.entry.id)).not.toContain(id);
  const partial = path.join(env.modelsDir, '.partial');
  const staging = existsSync(partial)
    ? readdirSync(partial).filter((f) => f.includes('.staging-'))
    : [];
  expect(staging).toEqual([]);
}

/** Resolves once a running download has received at least `bytes`. */
export function receivedAtLeast(download: ModelDownload, bytes: number): Promise<void> {
  return new Promise<void>((resolve) => {
    download.onProgress((p) => {
      if (p.receivedBytes >= bytes) resolve();
    });
  });
}
