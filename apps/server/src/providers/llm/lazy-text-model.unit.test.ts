import { describe, expect, it } from 'vitest';
import { lazyTextModel } from './lazy-text-model.ts';
import type { TextModel } from './types.ts';

/** A model whose answers name the call, counting how often it was built. */
function counted() {
  const built = { count: 0 };
  const model: TextModel = {
    id: 'test:model',
    generateTitle: async (t) => `title of ${t}`,
    summarize: async (input) => ({ summary: `summary of ${input.transcript}`, topics: [] }),
    extractActionItems: async () => [],
    enhanceSpeakers: async (t) => t.toUpperCase(),
    writeAroundNotes: async (input) => [
      { heading: input.meetingTitle, noteRef: null, bullets: [] },
    ],
    async *answer() {
      yield 'a';
      yield 'b';
    },
  };
  return { built, load: async () => (built.count++, model) };
}

describe('lazyTextModel', () => {
  it('builds the model once, on the first call, and forwards every call', async () => {
    const { built, load } = counted();
    const lazy = lazyTextModel('test:model', load);
    expect(built.count).toBe(0);
    expect(lazy.id).toBe('test:model');
    const [title, speakers] = await Promise.all([
      lazy.generateTitle('x'),
      lazy.enhanceSpeakers('speaker 1: hi'),
    ]);
    expect(title).toBe('title of x');
    expect(speakers).toBe('SPEAKER 1: HI');
    const pieces: string[] = [];
    for await (const piece of lazy.answer!({ system: '', messages: [] })) pieces.push(piece);
    expect(pieces).toEqual(['a', 'b']);
    // The notes written around My notes reach the loaded model (cloud and local alike).
    expect(await lazy.writeAroundNotes!({ transcript: 'x', lines: [], meetingTitle: 'T' })).toEqual(
      [{ heading: 'T', noteRef: null, bullets: [] }],
    );
    expect(built.count).toBe(1);
  });

  it('rejects the call whose load failed and loads again on the next one', async () => {
    const { built, load } = counted();
    let fail = true;
    const lazy = lazyTextModel('test:model', async () => {
      if (fail) throw new Error('Cannot find package');
      return load();
    });
    await expect(lazy.generateTitle('x')).rejects.toThrow('Cannot find package');
    fail = false;
    await expect(lazy.generateTitle('x')).resolves.toBe('title of x');
    expect(built.count).toBe(1);
  });
});
