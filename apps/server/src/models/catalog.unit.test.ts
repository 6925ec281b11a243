import { describe, expect, it } from 'vitest';
import { modelCatalogSchema } from '@summy/core';
import { DEFAULT_MODELS_BASE_URL } from '../env.ts';
import { BUILT_IN_MODELS, modelDownloadUrl } from './catalog.ts';

const notes = BUILT_IN_MODELS.filter((e) => e.kind === 'llm' || e.kind === 'text-embedding');

describe('the built-in notes models', () => {
  it('pass the catalog validation, with one default notes model and one default embedding model', () => {
    expect(modelCatalogSchema.safeParse(BUILT_IN_MODELS).success).toBe(true);
    expect(notes.filter((e) => e.kind === 'llm' && e.default)).toHaveLength(1);
    expect(notes.filter((e) => e.kind === 'text-embedding' && e.default)).toHaveLength(1);
  });

  it('are Hugging Face files pinned to a commit, named as the file they install', () => {
    for (const e of notes) {
      expect(e.url).toMatch(
        /^https:\/\/huggingface\.co\/[^/]+\/[^/]+\/resolve\/[0-9a-f]{40}\/[^/]+\.gguf$/,
      );
      expect(e.url.endsWith(`/${e.files.model}`)).toBe(true);
    }
  });

  it('the default notes model fits a 2-core 8 GB server with room for the rest', () => {
    const small = notes.find((e) => e.kind === 'llm' && e.default)!;
    expect(small.ramBytes).toBeLessThanOrEqual(4_000_000_000);
    const larger = notes.filter((e) => e.kind === 'llm' && !e.default);
    expect(larger.every((e) => e.ramBytes! > small.ramBytes!)).toBe(true);
  });
});

describe('modelDownloadUrl', () => {
  const qwen = notes.find((e) => e.kind === 'llm' && e.default)!;
  const parakeet = BUILT_IN_MODELS.find((e) => e.kind === 'recognizer' && e.default)!;

  it('downloads from Hugging Face and the sherpa-onnx releases without a mirror', () => {
    const env = { modelsBaseUrl: DEFAULT_MODELS_BASE_URL };
    expect(modelDownloadUrl(qwen, env)).toBe(qwen.url);
    expect(modelDownloadUrl(parakeet, env)).toBe(`${DEFAULT_MODELS_BASE_URL}/${parakeet.url}`);
  });

  it('serves both from one mirror when MODELS_BASE_URL is set', () => {
    const env = { modelsBaseUrl: 'http://mirror.lan/models/' };
    expect(modelDownloadUrl(qwen, env)).toBe(
      `http://mirror.lan/models/huggingface.co/${qwen.url.slice('https://huggingface.co/'.length)}`,
    );
    expect(modelDownloadUrl(parakeet, env)).toBe(`http://mirror.lan/models/${parakeet.url}`);
  });

  it('leaves other absolute URLs alone', () => {
    const env = { modelsBaseUrl: 'http://mirror.lan' };
    const other = { ...qwen, url: 'https://example.org/x.gguf' };
    expect(modelDownloadUrl(other, env)).toBe('https://example.org/x.gguf');
  });
});
