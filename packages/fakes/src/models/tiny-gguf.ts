/**
 * Tiny notes-model downloads for the model manager's tests and the e2e mirror: the tiny GGUF llama
 * of ../gguf (115 KB of fixed random weights, a byte tokenizer), which the real local engine
 * loads, so a test can download a notes model and then write notes with it. Nothing about the
 * quality of what it writes is claimed.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tinyGgufBytes } from '../gguf/tiny-gguf.ts';
import type { TinyModelEntry } from './tiny-catalog.ts';

/** The tiny notes entries: a default notes model (`tiny-notes`) and a default embedding model. */
const TINY_NOTES = [
  { id: 'tiny-notes', kind: 'llm', seed: 1, name: 'Tiny notes test model' },
  { id: 'tiny-text-embedding', kind: 'text-embedding', seed: 2, name: 'Tiny embedding test model' },
] as const;

/**
 * Writes the tiny notes downloads into `archivesDir` and returns their catalog entries (relative
 * URLs, `archive: 'none'`, the language-model figures set).
 */
export async function writeTinyNotesModels(archivesDir: string): Promise<TinyModelEntry[]> {
  const entries: TinyModelEntry[] = [];
  for (const m of TINY_NOTES) {
    const file = `${m.id}.gguf`;
    const bytes = tinyGgufBytes({ name: m.name, seed: m.seed });
    await writeFile(path.join(archivesDir, file), bytes);
    entries.push({
      id: m.id,
      name: m.name,
      kind: m.kind,
      family: 'gguf',
      languages: ['en'],
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      goodFor: 'Tests only: random weights, loadable by the local engine.',
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
