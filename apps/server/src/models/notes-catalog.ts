/**
 * The built-in notes models: GGUF files the local language-model engine runs. A small default
 * that fits a 2-core 8 GB server, a larger better one, and a small text-embedding model. URLs are
 * Hugging Face `resolve/<revision>/<file>` links pinned to one commit, so the file behind a
 * checksum never changes; sizes and SHA-256 are those at least two independent public projects
 * pin for that file (not downloaded here). Why these models, the figures and every checksum's
 * sources: docs/decisions/050-notes-models.md.
 */
import type { ModelEntry } from '@summy/core';

/** `https://huggingface.co/<repo>/resolve/<revision>/<file>`. */
function huggingFace(repo: string, revision: string, file: string): string {
  return `https://huggingface.co/${repo}/resolve/${revision}/${file}`;
}

/**
 * Memory to run a notes model: the file, its f16 KV cache for a 16,384-token meeting prompt
 * (2 x layers x KV heads x head size x 2 bytes per token) and 0.3 GB of compute buffers,
 * rounded up to half a gigabyte. Bytes.
 */
function notesRamBytes(fileBytes: number, layers: number, kvHeads: number, headDim: number) {
  const kvBytes = 2 * layers * kvHeads * headDim * 2 * 16_384;
  const halfGb = 500_000_000;
  return Math.ceil((fileBytes + kvBytes + 300_000_000) / halfGb) * halfGb;
}

/**
 * Languages the Qwen3 model card lists among its 119 (the major ones, for the Settings list and
 * for choosing a model by the meeting's language).
 */
const QWEN3_LANGUAGES =
  'en zh de fr es it pt nl ru pl uk cs sv da fi no tr ar he hi ja ko vi id th'.split(' ');

const QWEN3_1_7B = 'Qwen3-1.7B-Q4_K_M.gguf';
const QWEN3_1_7B_BYTES = 1_107_409_472;
const QWEN3_4B = 'Qwen3-4B-Q4_K_M.gguf';
const QWEN3_4B_BYTES = 2_497_281_312;
const BGE_SMALL = 'bge-small-en-v1.5-q8_0.gguf';

/** The notes entries of the built-in catalog, in the order Settings lists them. */
export const NOTES_MODELS: readonly ModelEntry[] = [
  {
    id: 'qwen3-1.7b-q4_k_m',
    name: 'Qwen3 1.7B (notes, small)',
    kind: 'llm',
    family: 'gguf',
    languages: QWEN3_LANGUAGES,
    sizeBytes: QWEN3_1_7B_BYTES,
    goodFor: 'Summaries and action items on small servers: runs in about 3.5 GB of memory.',
    default: true,
    url: huggingFace(
      'unsloth/Qwen3-1.7B-GGUF',
      'd7f544eead698dbd1f15126ef60b45a1e1933222',
      QWEN3_1_7B,
    ),
    sha256: 'b139949c5bd74937ad8ed8c8cf3d9ffb1e99c866c823204dc42c0d91fa181897',
    archive: 'none',
    files: { model: QWEN3_1_7B },
    // 28 layers, 8 KV heads of 128 (Qwen3-1.7B's config).
    ramBytes: notesRamBytes(QWEN3_1_7B_BYTES, 28, 8, 128),
    contextTokens: 32_768,
    licence: 'Apache-2.0',
  },
  {
    id: 'qwen3-4b-q4_k_m',
    name: 'Qwen3 4B (notes, better)',
    kind: 'llm',
    family: 'gguf',
    languages: QWEN3_LANGUAGES,
    sizeBytes: QWEN3_4B_BYTES,
    goodFor: 'Better summaries of long meetings, slower: for servers with 8 GB free.',
    url: huggingFace('unsloth/Qwen3-4B-GGUF', '22c9fc8a8c7700b76a1789366280a6a5a1ad1120', QWEN3_4B),
    sha256: 'f6f851777709861056efcdad3af01da38b31223a3ba26e61a4f8bf3a2195813a',
    archive: 'none',
    files: { model: QWEN3_4B },
    // 36 layers, 8 KV heads of 128 (Qwen3-4B's config).
    ramBytes: notesRamBytes(QWEN3_4B_BYTES, 36, 8, 128),
    contextTokens: 32_768,
    licence: 'Apache-2.0',
  },
  {
    id: 'bge-small-en-v1.5-q8_0',
    name: 'BGE small v1.5 (search embeddings, English)',
    kind: 'text-embedding',
    family: 'gguf',
    languages: ['en'],
    sizeBytes: 36_685_152,
    goodFor: 'Finding meetings by meaning rather than exact words.',
    default: true,
    url: huggingFace(
      'ggml-org/bge-small-en-v1.5-Q8_0-GGUF',
      'f2068edd9b54f2a369549ccc71f70ed273a2a801',
      BGE_SMALL,
    ),
    sha256: 'f046db1dc724cf4f6f0a0c5917e922823b73eb1d27b8f9a9c2797f7866974804',
    archive: 'none',
    files: { model: BGE_SMALL },
    // 33M parameters at 8 bits, a 512-token context: the file and small buffers.
    ramBytes: 200_000_000,
    contextTokens: 512,
    licence: 'MIT',
  },
];
