/**
 * How many tokens of context the local language model gets: from the model's GGUF metadata (the
 * KV cache's bytes per token) and a RAM budget, never simply the model's training context, which
 * for a 3B model can mean a 131,072-token context and a 15 GB KV cache. Pure functions: the
 * engine reads the metadata (node-llama-cpp's `readGgufFileInfo`) and the free memory.
 */
import os from 'node:os';

/** What the sizing needs to know about a model. */
export interface LlmModelShape {
  /** Transformer layers (`{arch}.block_count`). */
  blockCount: number;
  /** KV heads of each layer (`{arch}.attention.head_count_kv`, else the head count). */
  headCountKv: number[];
  /** Width of one key head and one value head (elements). */
  keyLength: number;
  valueLength: number;
  /** The context the model was trained for (`{arch}.context_length`, tokens). */
  trainContext: number;
  /** Size of the model file (bytes): its weights are mapped into memory whole. */
  fileBytes: number;
}

/** The architecture part of GGUF metadata as node-llama-cpp's `readGgufFileInfo` answers it. */
export interface GgufArchitectureMetadata {
  block_count?: number;
  context_length?: number;
  embedding_length?: number;
  attention?: {
    head_count?: number | number[];
    head_count_kv?: number | number[];
    key_length?: number;
    value_length?: number;
  };
}

/** The memory does not allow even the smallest useful context. */
export class LlmMemoryError extends Error {
  override name = 'LlmMemoryError';
}

/** Thrown for metadata that lacks what the sizing needs (not a language model, or damaged). */
export class LlmMetadataError extends Error {
  override name = 'LlmMetadataError';
}

/** Bytes of one cached key or value element: llama.cpp's default KV cache type is F16. */
export const KV_ELEMENT_BYTES = 2;
/** Compute buffers, the runtime and the tokenizer beside weights and KV cache (bytes): an estimate. */
export const OVERHEAD_BYTES = 256 * 1024 * 1024;
/** The smallest context worth loading a model for (tokens): an instruction and a short answer. */
export const MIN_CONTEXT_TOKENS = 2048;
/** Context asked for when the caller names none (tokens): about 80 minutes of meeting talk. */
export const DEFAULT_CONTEXT_TOKENS = 16_384;
/** Contexts are whole multiples of this (tokens), as llama.cpp pads them. */
const CONTEXT_STEP = 256;

const MIB = 1024 * 1024;

/**
 * The model's shape from its GGUF architecture metadata and file size.
 * @throws LlmMetadataError when the block count, head count or training context is missing
 */
export function modelShapeFromMetadata(
  meta: GgufArchitectureMetadata,
  fileBytes: number,
): LlmModelShape {
  const blockCount = meta.block_count;
  const heads = meta.attention?.head_count;
  const trainContext = meta.context_length;
  if (!blockCount || !heads || !trainContext) {
    throw new LlmMetadataError(
      'The model file has no block count, head count or context length: it is not a language model in GGUF format, or it is damaged',
    );
  }
  const perLayer = (v: number | number[] | undefined, fallback: number[]): number[] =>
    v === undefined ? fallback : Array.isArray(v) ? v : Array<number>(blockCount).fill(v);
  const headCount = perLayer(heads, []);
  const headCountKv = perLayer(meta.attention?.head_count_kv, headCount);
  // Without explicit key/value widths a head is the embedding split evenly over the heads.
  const headWidth = meta.embedding_length ? meta.embedding_length / Math.max(...headCount) : 0;
  const keyLength = meta.attention?.key_length ?? headWidth;
  const valueLength = meta.attention?.value_length ?? headWidth;
  if (!keyLength || !valueLength) {
    throw new LlmMetadataError('The model file states neither its key length nor its width');
  }
  return { blockCount, headCountKv, keyLength, valueLength, trainContext, fileBytes };
}

/** Bytes of KV cache that one token of context takes: layers x KV heads x (key + value) x F16. */
export function kvBytesPerToken(shape: LlmModelShape): number {
  const heads = shape.headCountKv.reduce((sum, h) => sum + h, 0);
  return heads * (shape.keyLength + shape.valueLength) * KV_ELEMENT_BYTES;
}

/** Memory (bytes) that the model takes with `contextTokens` of context for each of `sequences`. */
export function memoryForContext(
  shape: LlmModelShape,
  contextTokens: number,
  sequences = 1,
): number {
  return shape.fileBytes + OVERHEAD_BYTES + kvBytesPerToken(shape) * contextTokens * sequences;
}

/** What {@link chooseContextSize} sizes for. */
export interface ContextSizeRequest {
  /** Tokens wanted for each sequence; default {@link DEFAULT_CONTEXT_TOKENS}. */
  wantedTokens?: number;
  /** Memory the model may take in all (bytes). */
  budgetBytes: number;
  /** Sequences run at once, each with its own context; default 1. */
  sequences?: number;
}

/**
 * The context size (tokens per sequence): the tokens wanted, rounded up to a multiple of 256, but
 * no more than the model's training context nor than the budget holds with weights
 * (`fileBytes`), {@link OVERHEAD_BYTES} and KV cache of every sequence.
 * @throws LlmMemoryError when not even {@link MIN_CONTEXT_TOKENS} (or the training context, if
 *   smaller) fit: the message names the memory needed and the budget in MB
 */
export function chooseContextSize(shape: LlmModelShape, request: ContextSizeRequest): number {
  const sequences = request.sequences ?? 1;
  const wanted = request.wantedTokens ?? DEFAULT_CONTEXT_TOKENS;
  const rounded = Math.ceil(wanted / CONTEXT_STEP) * CONTEXT_STEP;
  const free = request.budgetBytes - shape.fileBytes - OVERHEAD_BYTES;
  const fits =
    Math.floor(Math.max(0, free) / (kvBytesPerToken(shape) * sequences) / CONTEXT_STEP) *
    CONTEXT_STEP;
  const least = Math.min(MIN_CONTEXT_TOKENS, shape.trainContext);
  if (fits < least) {
    const needMb = Math.ceil(memoryForContext(shape, least, sequences) / MIB);
    const budgetMb = Math.floor(request.budgetBytes / MIB);
    throw new LlmMemoryError(
      `Not enough memory for the local language model: it needs ${needMb} MB for a ${least}-token context${sequences > 1 ? ` on each of ${sequences} parallel sequences` : ''}, and ${budgetMb} MB may be used (LOCAL_LLM_MAX_RAM_MB). Choose a smaller model, lower LOCAL_LLM_PARALLEL or allow more memory.`,
    );
  }
  return Math.max(least, Math.min(rounded, shape.trainContext, fits));
}

/**
 * The memory budget (bytes): `maxRamMb` when set, else three quarters of the memory available
 * now (MemAvailable on Linux, within a container's memory limit), so the page cache and the
 * server keep the rest.
 */
export function memoryBudgetBytes(
  maxRamMb: number | undefined,
  available: () => number = availableMemoryBytes,
): number {
  return maxRamMb !== undefined ? maxRamMb * MIB : Math.floor(available() * 0.75);
}

/** Memory available to a new process (bytes): free memory, capped by a cgroup limit if any. */
export function availableMemoryBytes(): number {
  const limit = process.constrainedMemory();
  const free = os.freemem();
  return limit > 0 ? Math.min(free, limit - process.memoryUsage.rss()) : free;
}
