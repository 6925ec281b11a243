/**
 * Tiny notes-model downloads for the model manager's tests and the e2e mirror: files with a real
 * GGUF v3 header (magic, version, no tensors, `general.architecture` and `general.name`) followed
 * by fixed padding, so they are GGUF-named, have a size that shows a progress bar and a stable
 * SHA-256. They hold no weights: the model manager never loads what it downloads, and the
 * language-model engine's own tests use a loadable model of their own.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TinyModelEntry } from './tiny-models.ts';

/** GGUF value type of a string (the GGUF specification's `GGUF_TYPE_STRING`). */
const GGUF_STRING = 8;

function ggufString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(bytes.length));
  return Buffer.concat([length, bytes]);
}

/**
 * A GGUF v3 file of `sizeBytes` bytes (at least the header's length): no tensors, two string
 * metadata keys, then bytes of a fixed pattern.
 */
export function tinyGgufBytes(name: string, sizeBytes: number): Buffer {
  const counts = Buffer.alloc(4 + 8 + 8);
  counts.writeUInt32LE(3, 0); // version
  counts.writeBigUInt64LE(0n, 4); // tensors
  counts.writeBigUInt64LE(2n, 12); // metadata keys
  const kv = (key: string, value: string) => {
    const type = Buffer.alloc(4);
    type.writeUInt32LE(GGUF_STRING);
    return Buffer.concat([ggufString(key), type, ggufString(value)]);
  };
  const header = Buffer.concat([
    Buffer.from('GGUF', 'ascii'),
    counts,
    kv('general.architecture', 'llama'),
    kv('general.name', name),
  ]);
  const padding = Buffer.alloc(Math.max(0, sizeBytes - header.length));
  for (let i = 0; i < padding.length; i++) padding[i] = (i * 31 + 7) & 0xff;
  return Buffer.concat([header, padding]);
}

/** The tiny notes entries: a default notes model (`tiny-notes`) and a default embedding model. */
const TINY_NOTES = [
  { id: 'tiny-notes', kind: 'llm', bytes: 24_000, name: 'Tiny notes test model' },
  {
    id: 'tiny-text-embedding',
    kind: 'text-embedding',
    bytes: 6_000,
    name: 'Tiny embedding test model',
  },
] as const;

/**
 * Writes the tiny notes downloads into `archivesDir` and returns their catalog entries (relative
 * URLs, `archive: 'none'`, the language-model figures set).
 */
export async function writeTinyNotesModels(archivesDir: string): Promise<TinyModelEntry[]> {
  const entries: TinyModelEntry[] = [];
  for (const m of TINY_NOTES) {
    const file = `${m.id}.gguf`;
    const bytes = tinyGgufBytes(m.name, m.bytes);
    await writeFile(path.join(archivesDir, file), bytes);
    entries.push({
      id: m.id,
      name: m.name,
      kind: m.kind,
      family: 'gguf',
      languages: ['en'],
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      goodFor: 'Tests only: a GGUF header without weights.',
      default: true,
      url: file,
      archive: 'none',
      files: { model: file },
      ramBytes: 4 * bytes.length,
      contextTokens: 4096,
      licence: 'MIT',
    });
  }
  return entries;
}
