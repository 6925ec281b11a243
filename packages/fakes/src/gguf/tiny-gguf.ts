/**
 * A tiny language model in the real GGUF v3 format (ggml's docs/gguf.md) that node-llama-cpp
 * loads, tokenizes with, generates from, constrains with grammars and embeds with: a 2-layer
 * llama of width 32 with fixed random weights, so tests of the local language-model engine run
 * on a real llama.cpp without a download. What it writes is nonsense (printable ASCII that runs
 * to the token cap, often one character repeated); its use is that it is fast (about 115 KB) and
 * deterministic. The same idea as llama.cpp's tests/test-model-random.cpp.
 *
 * Every text tokenizes: the vocabulary is `<unk>`, `<s>`, `</s>` and the 256 byte tokens
 * `<0x00>`..`<0xFF>` (type BYTE), which llama.cpp's SentencePiece tokenizer falls back to, and
 * SentencePiece's word boundary '▁'.
 */
import { writeFile } from 'node:fs/promises';

/** Shape and seed of {@link writeTinyGguf}'s model. */
export interface TinyGgufOptions {
  /** The training context the metadata states (tokens); default 4096. */
  contextLength?: number;
  /** Seed of the weights: the same seed writes the same bytes; default 1. */
  seed?: number;
  /** `general.name`; default 'Summy tiny llama'. */
  name?: string;
}

/** The tiny model's dimensions, for tests that check what the engine reads from the metadata. */
export const TINY_GGUF = {
  embeddingLength: 32,
  headCount: 4,
  headCountKv: 2,
  feedForwardLength: 64,
  blockCount: 2,
  /** `<unk>`, `<s>`, `</s>`, 256 byte tokens and the word boundary '▁'. */
  vocabularySize: 260,
  alignment: 32,
} as const;

/** A one-line chat template: each message as `<s>role\ncontent</s>`, then the assistant's turn. */
export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<s>' + message['role'] + '\\n' + message['content'] + '</s>\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<s>assistant\\n' }}{% endif %}";

// GGUF value types (docs/gguf.md `gguf_metadata_value_type`) and ggml's F32 tensor type.
const T = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_TYPE_F32 = 0;
const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian uint32
const GGUF_VERSION = 3;
/** `</s>`, the end-of-text token. */
const EOS_ID = 2;
/** Byte token ids are the byte plus this (after `<unk>`, `<s>` and `</s>`). */
const FIRST_BYTE_ID = 3;

/** Whether greedy decoding may pick the token: a printable ASCII byte (0x20-0x7E) or '▁'. */
function printable(id: number): boolean {
  if (id >= FIRST_BYTE_ID + 256) return true;
  const byte = id - FIRST_BYTE_ID;
  return byte >= 0x20 && byte <= 0x7e;
}

type Value =
  | { type: 'u32' | 'i32' | 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'array'; of: 'string'; values: string[] }
  | { type: 'array'; of: 'f32' | 'i32'; values: number[] };

/** Little-endian byte writer that grows as needed. */
class Bytes {
  private buf = Buffer.alloc(1 << 16);
  length = 0;
  private room(n: number) {
    if (this.length + n <= this.buf.length) return;
    const next = Buffer.alloc(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }
  u32(v: number) {
    this.room(4);
    this.length = this.buf.writeUInt32LE(v, this.length);
  }
  i32(v: number) {
    this.room(4);
    this.length = this.buf.writeInt32LE(v, this.length);
  }
  u64(v: number) {
    this.room(8);
    this.length = this.buf.writeBigUInt64LE(BigInt(v), this.length);
  }
  f32(v: number) {
    this.room(4);
    this.length = this.buf.writeFloatLE(v, this.length);
  }
  string(s: string) {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.raw(b);
  }
  raw(b: Uint8Array) {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  padTo(alignment: number) {
    const pad = (alignment - (this.length % alignment)) % alignment;
    this.raw(new Uint8Array(pad));
  }
  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

function writeValue(out: Bytes, v: Value) {
  out.u32(T[v.type]);
  if (v.type === 'string') return out.string(v.value);
  if (v.type === 'bool') return out.raw(new Uint8Array([v.value ? 1 : 0]));
  if (v.type === 'array') {
    out.u32(T[v.of]);
    out.u64(v.values.length);
    for (const x of v.values) {
      if (v.of === 'string') out.string(x as string);
      else if (v.of === 'f32') out.f32(x as number);
      else out.i32(x as number);
    }
    return;
  }
  out[v.type](v.value);
}

/** mulberry32: a small fixed-seed generator, so the same seed gives the same weights everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The model's tensors in file order: name, ggml dimensions (innermost first), and whether a norm. */
function tensorShapes(): { name: string; dims: number[]; norm: boolean }[] {
  const { embeddingLength: e, headCount, headCountKv, feedForwardLength: ff } = TINY_GGUF;
  const kv = (e / headCount) * headCountKv;
  // token_embd doubles as the output projection: llama.cpp ties them when output.weight is absent.
  const out: { name: string; dims: number[]; norm: boolean }[] = [
    { name: 'token_embd.weight', dims: [e, TINY_GGUF.vocabularySize], norm: false },
    { name: 'output_norm.weight', dims: [e], norm: true },
  ];
  for (let i = 0; i < TINY_GGUF.blockCount; i++) {
    const b = `blk.${i}.`;
    out.push(
      { name: `${b}attn_norm.weight`, dims: [e], norm: true },
      { name: `${b}attn_q.weight`, dims: [e, e], norm: false },
      { name: `${b}attn_k.weight`, dims: [e, kv], norm: false },
      { name: `${b}attn_v.weight`, dims: [e, kv], norm: false },
      { name: `${b}attn_output.weight`, dims: [e, e], norm: false },
      { name: `${b}ffn_norm.weight`, dims: [e], norm: true },
      { name: `${b}ffn_gate.weight`, dims: [e, ff], norm: false },
      { name: `${b}ffn_up.weight`, dims: [e, ff], norm: false },
      { name: `${b}ffn_down.weight`, dims: [ff, e], norm: false },
    );
  }
  return out;
}

function metadata(options: TinyGgufOptions): [string, Value][] {
  const { embeddingLength: e, headCount } = TINY_GGUF;
  const tokens = ['<unk>', '<s>', '</s>'];
  for (let b = 0; b < 256; b++) tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
  // SentencePiece writes spaces as '▁': without this piece a space would come back as the three
  // bytes of '▁' after a round trip through the byte tokens.
  tokens.push('\u2581');
  // Token types: 1 normal, 2 unknown, 3 control, 6 byte.
  const types = tokens.map((_, i) => (i === 0 ? 2 : i < 3 ? 3 : i < 259 ? 6 : 1));
  const u32 = (value: number): Value => ({ type: 'u32', value });
  return [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: options.name ?? 'Summy tiny llama' }],
    ['general.alignment', u32(TINY_GGUF.alignment)],
    ['general.file_type', u32(0)], // all F32
    ['llama.context_length', u32(options.contextLength ?? 4096)],
    ['llama.embedding_length', u32(e)],
    ['llama.feed_forward_length', u32(TINY_GGUF.feedForwardLength)],
    ['llama.block_count', u32(TINY_GGUF.blockCount)],
    ['llama.attention.head_count', u32(headCount)],
    ['llama.attention.head_count_kv', u32(TINY_GGUF.headCountKv)],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.rope.dimension_count', u32(e / headCount)],
    ['llama.vocab_size', u32(TINY_GGUF.vocabularySize)],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'array', of: 'string', values: tokens }],
    ['tokenizer.ggml.scores', { type: 'array', of: 'f32', values: tokens.map(() => 0) }],
    ['tokenizer.ggml.token_type', { type: 'array', of: 'i32', values: types }],
    // No SentencePiece space before the text, so detokenizing gives back exactly the text.
    ['tokenizer.ggml.add_space_prefix', { type: 'bool', value: false }],
    ['tokenizer.ggml.unknown_token_id', u32(0)],
    ['tokenizer.ggml.bos_token_id', u32(1)],
    ['tokenizer.ggml.eos_token_id', u32(EOS_ID)],
    ['tokenizer.chat_template', { type: 'string', value: TINY_CHAT_TEMPLATE }],
  ];
}

/**
 * The tiny model's file content: GGUF v3, F32 weights uniform in [-0.1, 0.1) from `seed`, norm
 * weights 1, 32-byte alignment. The same options give the same bytes.
 */
export function tinyGgufBytes(options: TinyGgufOptions = {}): Buffer {
  const next = random(options.seed ?? 1);
  const shapes = tensorShapes();
  const meta = metadata(options);
  const out = new Bytes();
  out.u32(GGUF_MAGIC);
  out.u32(GGUF_VERSION);
  out.u64(shapes.length);
  out.u64(meta.length);
  for (const [key, value] of meta) {
    out.string(key);
    writeValue(out, value);
  }
  let offset = 0;
  const align = (n: number) => Math.ceil(n / TINY_GGUF.alignment) * TINY_GGUF.alignment;
  for (const t of shapes) {
    out.string(t.name);
    out.u32(t.dims.length);
    for (const d of t.dims) out.u64(d);
    out.u32(GGML_TYPE_F32);
    out.u64(offset);
    offset = align(offset + 4 * t.dims.reduce((a, b) => a * b, 1));
  }
  out.padTo(TINY_GGUF.alignment);
  const { embeddingLength: e } = TINY_GGUF;
  for (const t of shapes) {
    const count = t.dims.reduce((a, b) => a * b, 1);
    for (let i = 0; i < count; i++) {
      const value = t.norm ? 1 : (next() * 2 - 1) * 0.1;
      // The rows of the (tied) output projection for the control tokens and the bytes that are
      // not printable ASCII are zero: their logits are 0 while some printable byte's is always
      // above 0, so an answer is printable text that never ends before its token cap.
      const silent = t.name === 'token_embd.weight' && !printable(Math.floor(i / e));
      out.f32(silent ? 0 : value);
    }
    out.padTo(TINY_GGUF.alignment);
  }
  return out.bytes();
}

/**
 * Writes the tiny model to `file` (see {@link tinyGgufBytes}); answers its size in bytes.
 * @throws the file system's error when `file`'s folder does not exist or is not writable
 */
export async function writeTinyGguf(file: string, options: TinyGgufOptions = {}): Promise<number> {
  const bytes = tinyGgufBytes(options);
  await writeFile(file, bytes);
  return bytes.length;
}
