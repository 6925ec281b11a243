/**
 * The tiny GGUF's bytes: fixed for a seed, and laid out as GGUF v3 says (header, metadata,
 * tensor infos, 32-byte aligned data). That node-llama-cpp loads and runs it is checked by
 * apps/server/src/providers/llm/local/engine.slow.test.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TINY_GGUF, tinyGgufBytes } from './tiny-gguf.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Reads the header and the metadata keys with their string, number or array-length values. */
function readHeader(b: Buffer) {
  let at = 0;
  const u32 = () => ((at += 4), b.readUInt32LE(at - 4));
  const u64 = () => ((at += 8), Number(b.readBigUInt64LE(at - 8)));
  const str = () => {
    const n = u64();
    at += n;
    return b.toString('utf8', at - n, at);
  };
  const value = (type: number): unknown => {
    if (type === 4) return u32();
    if (type === 5) return ((at += 4), b.readInt32LE(at - 4));
    if (type === 6) return ((at += 4), b.readFloatLE(at - 4));
    if (type === 7) return ((at += 1), b[at - 1] === 1);
    if (type === 8) return str();
    if (type === 9) {
      const of = u32();
      const n = u64();
      return Array.from({ length: n }, () => value(of));
    }
    throw new Error(`type ${type}`);
  };
  const magic = b.toString('ascii', 0, 4);
  at = 4;
  const version = u32();
  const tensors = u64();
  const kvs = u64();
  const meta: Record<string, unknown> = {};
  for (let i = 0; i < kvs; i++) {
    const key = str();
    meta[key] = value(u32());
  }
  const offsets: number[] = [];
  for (let i = 0; i < tensors; i++) {
    str();
    const dims = u32();
    for (let d = 0; d < dims; d++) u64();
    u32();
    offsets.push(u64());
  }
  return { magic, version, tensors, meta, offsets, infoEnd: at };
}

describe('the tiny GGUF', () => {
  it('writes the same bytes for the same seed, other bytes for another', () => {
    expect(sha(tinyGgufBytes({ seed: 3 }))).toBe(sha(tinyGgufBytes({ seed: 3 })));
    expect(sha(tinyGgufBytes({ seed: 3 }))).not.toBe(sha(tinyGgufBytes({ seed: 4 })));
  });

  it('is a GGUF v3 llama with byte tokens, a chat template and 32-byte aligned tensors', () => {
    const bytes = tinyGgufBytes({ contextLength: 8192 });
    const h = readHeader(bytes);
    expect(h.magic).toBe('GGUF');
    expect(h.version).toBe(3);
    expect(h.meta['general.architecture']).toBe('llama');
    expect(h.meta['llama.context_length']).toBe(8192);
    expect(h.meta['llama.attention.head_count_kv']).toBe(2);
    expect(h.meta['general.alignment']).toBe(32);
    const tokens = h.meta['tokenizer.ggml.tokens'] as string[];
    expect(tokens.slice(0, 4)).toEqual(['<unk>', '<s>', '</s>', '<0x00>']);
    expect(tokens[258]).toBe('<0xFF>');
    expect(tokens).toHaveLength(TINY_GGUF.vocabularySize);
    expect((h.meta['tokenizer.ggml.token_type'] as number[])[100]).toBe(6);
    expect(h.meta['tokenizer.chat_template']).not.toContain('\n');
    // 2 global tensors + 9 per layer, no output.weight (tied to token_embd).
    expect(h.tensors).toBe(2 + 9 * TINY_GGUF.blockCount);
    for (const offset of h.offsets) expect(offset % 32).toBe(0);
    const dataStart = Math.ceil(h.infoEnd / 32) * 32;
    // The first weight is uniform in [-0.1, 0.1); norms are 1.
    expect(Math.abs(bytes.readFloatLE(dataStart))).toBeLessThan(0.1);
    expect(bytes.readFloatLE(dataStart + h.offsets[1]!)).toBe(1);
  });
});
