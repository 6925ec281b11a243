/**
 * Context sizing with the published GGUF metadata of real instruct models (Qwen3 1.7B and 4B,
 * Llama 3.2 3B; Q4_K_M file sizes rounded to the MB).
 */
import { describe, expect, it } from 'vitest';
import {
  chooseContextSize,
  kvBytesPerToken,
  LlmMemoryError,
  LlmMetadataError,
  memoryBudgetBytes,
  memoryForContext,
  modelShapeFromMetadata,
  OVERHEAD_BYTES,
} from './context-size.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

const qwen3_1_7b = modelShapeFromMetadata(
  {
    block_count: 28,
    context_length: 40_960,
    embedding_length: 2048,
    attention: { head_count: 16, head_count_kv: 8, key_length: 128, value_length: 128 },
  },
  1056 * MB,
);
const qwen3_4b = modelShapeFromMetadata(
  {
    block_count: 36,
    context_length: 40_960,
    embedding_length: 2560,
    attention: { head_count: 32, head_count_kv: 8, key_length: 128, value_length: 128 },
  },
  2382 * MB,
);
// Llama 3.2 states no key/value length: a head is 3072 / 24 = 128 wide.
const llama3_2_3b = modelShapeFromMetadata(
  {
    block_count: 28,
    context_length: 131_072,
    embedding_length: 3072,
    attention: { head_count: 24, head_count_kv: 8 },
  },
  1926 * MB,
);

describe('KV cache bytes per token from GGUF metadata', () => {
  it('is layers x KV heads x (key + value width) x 2 bytes (F16)', () => {
    expect(kvBytesPerToken(qwen3_1_7b)).toBe(28 * 8 * 256 * 2); // 112 KiB
    expect(kvBytesPerToken(qwen3_4b)).toBe(36 * 8 * 256 * 2); // 144 KiB
  });

  it('derives the head width from the embedding when the metadata states none', () => {
    expect(llama3_2_3b.keyLength).toBe(128);
    expect(kvBytesPerToken(llama3_2_3b)).toBe(28 * 8 * 256 * 2);
  });

  it('sums per-layer KV head counts', () => {
    const shape = modelShapeFromMetadata(
      {
        block_count: 3,
        context_length: 2048,
        attention: { head_count: 4, head_count_kv: [1, 2, 4], key_length: 8, value_length: 8 },
      },
      MB,
    );
    expect(kvBytesPerToken(shape)).toBe((1 + 2 + 4) * 16 * 2);
  });

  it('rejects metadata without layers, heads or a training context', () => {
    expect(() =>
      modelShapeFromMetadata({ block_count: 2, attention: { head_count: 4 } }, MB),
    ).toThrow(LlmMetadataError);
  });
});

describe('the context size', () => {
  it('never takes the full training context by default: 16,384 tokens when memory allows', () => {
    expect(chooseContextSize(llama3_2_3b, { budgetBytes: 64 * GB })).toBe(16_384);
    // The 131k context would have needed 14 GB of KV cache alone.
    expect(kvBytesPerToken(llama3_2_3b) * 131_072).toBe(14 * GB);
  });

  it('gives what is asked, rounded up to 256, within the training context', () => {
    expect(chooseContextSize(qwen3_1_7b, { budgetBytes: 16 * GB, wantedTokens: 5000 })).toBe(5120);
    expect(chooseContextSize(qwen3_1_7b, { budgetBytes: 64 * GB, wantedTokens: 100_000 })).toBe(
      40_960,
    );
  });

  it('shrinks to what the budget holds beside the weights', () => {
    // 3 GB - 2382 MB weights - 256 MB overhead = 434 MB of KV cache at 144 KiB a token.
    const size = chooseContextSize(qwen3_4b, { budgetBytes: 3 * GB });
    expect(size).toBe(3072);
    expect(memoryForContext(qwen3_4b, size)).toBeLessThanOrEqual(3 * GB);
    expect(memoryForContext(qwen3_4b, size + 256)).toBeGreaterThan(3 * GB);
  });

  it('splits the budget over parallel sequences', () => {
    const one = chooseContextSize(qwen3_1_7b, { budgetBytes: 2 * GB, wantedTokens: 40_960 });
    const two = chooseContextSize(qwen3_1_7b, {
      budgetBytes: 2 * GB,
      wantedTokens: 40_960,
      sequences: 2,
    });
    expect(one).toBe(Math.floor((2 * GB - 1056 * MB - OVERHEAD_BYTES) / 114_688 / 256) * 256);
    expect(two).toBe(Math.floor(one / 2 / 256) * 256);
  });

  it('fails clearly when not even a 2,048-token context fits', () => {
    const tooSmall = () => chooseContextSize(qwen3_4b, { budgetBytes: 2 * GB });
    expect(tooSmall).toThrow(LlmMemoryError);
    expect(tooSmall).toThrow(
      'Not enough memory for the local language model: it needs 2926 MB for a 2048-token context, and 2048 MB may be used (LOCAL_LLM_MAX_RAM_MB)',
    );
  });
});

describe('the memory budget', () => {
  it('is LOCAL_LLM_MAX_RAM_MB when set, else three quarters of the available memory', () => {
    expect(memoryBudgetBytes(3000, () => 100 * GB)).toBe(3000 * MB);
    expect(memoryBudgetBytes(undefined, () => 8 * GB)).toBe(6 * GB);
  });
});
