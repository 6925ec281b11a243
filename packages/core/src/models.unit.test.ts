import { describe, expect, it } from 'vitest';
import { modelCatalogSchema, modelEntrySchema } from './models.ts';

const SHA = 'ab'.repeat(32);

/** A valid notes-model entry; each test breaks one field. */
function notesEntry(over: Record<string, unknown> = {}) {
  return {
    id: 'tiny-notes',
    name: 'Tiny notes model',
    kind: 'llm',
    family: 'gguf',
    languages: ['en'],
    sizeBytes: 1000,
    goodFor: 'Tests.',
    url: 'llm/tiny.gguf',
    sha256: SHA,
    archive: 'none',
    files: { model: 'tiny.gguf' },
    ramBytes: 4000,
    contextTokens: 4096,
    licence: 'Apache-2.0',
    ...over,
  };
}

function firstMessage(value: unknown): string {
  const parsed = modelEntrySchema.safeParse(value);
  expect(parsed.success).toBe(false);
  const issue = parsed.error!.issues[0]!;
  return `[${issue.path.join('.')}] ${issue.message}`;
}

describe('notes and embedding model entries', () => {
  it('accepts a gguf notes model and an embedding model with their figures', () => {
    const entries = modelCatalogSchema.parse([
      notesEntry(),
      notesEntry({ id: 'tiny-embed', kind: 'text-embedding', contextTokens: 512 }),
    ]);
    expect(entries.map((e) => [e.kind, e.ramBytes, e.contextTokens, e.licence])).toEqual([
      ['llm', 4000, 4096, 'Apache-2.0'],
      ['text-embedding', 4000, 512, 'Apache-2.0'],
    ]);
  });

  it('names each missing figure a person needs to choose', () => {
    expect(firstMessage(notesEntry({ ramBytes: undefined }))).toBe(
      '[ramBytes] a llm model needs ramBytes (the memory it needs, in bytes)',
    );
    expect(firstMessage(notesEntry({ contextTokens: undefined }))).toBe(
      '[contextTokens] a llm model needs contextTokens (its context length, in tokens)',
    );
    expect(firstMessage(notesEntry({ kind: 'text-embedding', licence: undefined }))).toBe(
      '[licence] a text-embedding model needs licence (the licence of its weights)',
    );
  });

  it('keeps gguf files for language models and language models in gguf files', () => {
    expect(
      firstMessage(notesEntry({ family: 'nemo-ctc', files: { model: 'm', tokens: 't' } })),
    ).toBe('[family] a llm model must be a gguf file');
    expect(firstMessage(notesEntry({ kind: 'recognizer' }))).toBe(
      '[kind] a gguf file holds a llm or text-embedding model',
    );
    expect(firstMessage(notesEntry({ files: { model: 'tiny.bin' } }))).toBe(
      "[files.model] a gguf model's file must end in .gguf",
    );
    expect(firstMessage(notesEntry({ archive: 'tar.bz2' }))).toBe(
      "[archive] a gguf model is downloaded as the file itself: archive must be 'none'",
    );
  });

  it('refuses non-positive figures', () => {
    expect(firstMessage(notesEntry({ ramBytes: 0 }))).toMatch(/^\[ramBytes\] /);
    expect(firstMessage(notesEntry({ contextTokens: 1.5 }))).toMatch(/^\[contextTokens\] /);
  });

  it('leaves speech entries without the figures valid', () => {
    const speech = modelEntrySchema.parse({
      ...notesEntry({ kind: 'recognizer', family: 'nemo-ctc', files: { model: 'm', tokens: 't' } }),
      ramBytes: undefined,
      contextTokens: undefined,
      licence: undefined,
    });
    expect(speech.kind).toBe('recognizer');
  });
});
