import { describe, expect, it } from 'vitest';
import { ACTION_ITEM_CHUNK, chunkTranscript, type ActionItemSuggestion } from '@summy/core';
import { TextGenerationError, type TextModel } from '../../providers/llm/types.ts';
import { extractActionItems } from './extract-action-items.ts';

const item = (title: string, confidence: number): ActionItemSuggestion => ({
  title,
  description: '',
  assignedTo: null,
  confidence,
});

/** A model whose extractActionItems is scripted per call (0 = the single pass). */
function scriptedModel(answers: ((text: string) => ActionItemSuggestion[])[]) {
  const calls: string[] = [];
  const model: TextModel = {
    id: 'test:scripted',
    generateTitle: async () => 'x',
    summarize: async () => ({ summary: 'x', topics: [] }),
    enhanceSpeakers: async (t) => t,
    async extractActionItems(text) {
      const answer = answers[calls.length] ?? (() => []);
      calls.push(text);
      return answer(text);
    },
  };
  return { model, calls };
}

// About 20k characters of sentences: three chunks of at most 8000.
const LONG = Array.from(
  { length: 260 },
  (_, i) => `Speaker ${(i % 3) + 1}: This is sentence number ${i} of a long meeting about budgets.`,
).join('\n\n');

const failing = () => {
  throw new TextGenerationError('actionItems', 'failed', 'The AI provider answered HTTP 500');
};

describe('extractActionItems', () => {
  it('returns the single pass when it finds items, without chunking', async () => {
    const { model, calls } = scriptedModel([() => [item('Send the budget', 0.8)]]);
    const pauses: number[] = [];
    const items = await extractActionItems(model, LONG, {
      pause: async (ms) => void pauses.push(ms),
    });
    expect(items).toEqual([item('Send the budget', 0.8)]);
    expect(calls).toEqual([LONG]);
    expect(pauses).toEqual([]);
  });

  it('chunks only when the single pass finds none, pausing 300 ms between chunks', async () => {
    const chunks = chunkTranscript(LONG, ACTION_ITEM_CHUNK.size);
    expect(chunks.length).toBe(3);
    const { model, calls } = scriptedModel([
      () => [],
      () => [item('Book the venue', 0.6)],
      () => [],
      () => [item('Share the timeline', 0.7)],
    ]);
    const pauses: number[] = [];
    const items = await extractActionItems(model, LONG, {
      pause: async (ms) => void pauses.push(ms),
    });
    expect(calls).toEqual([LONG, ...chunks]);
    for (const c of calls.slice(1)) expect(c.length).toBeLessThanOrEqual(8000);
    expect(pauses).toEqual([300, 300]);
    expect(items).toEqual([item('Book the venue', 0.6), item('Share the timeline', 0.7)]);
  });

  it('skips a failed chunk and continues with the rest', async () => {
    const logged: string[] = [];
    const { model, calls } = scriptedModel([
      () => [],
      () => [item('Book the venue', 0.6)],
      failing,
      () => [item('Share the timeline', 0.7)],
    ]);
    const items = await extractActionItems(model, LONG, {
      pause: async () => {},
      log: (m) => logged.push(m),
    });
    expect(calls).toHaveLength(4);
    expect(items.map((i) => i.title)).toEqual(['Book the venue', 'Share the timeline']);
    expect(logged).toEqual(['chunk 2 of 3 failed (The AI provider answered HTTP 500); skipped']);
  });

  it('merges duplicates by case-insensitive title, keeping the higher confidence', async () => {
    const { model } = scriptedModel([
      () => [],
      () => [item('Book the venue', 0.6), item('Send notes', 0.5)],
      () => [item('book the VENUE', 0.9)],
      () => [item('Book the venue', 0.4)],
    ]);
    const items = await extractActionItems(model, LONG, { pause: async () => {} });
    expect(items).toEqual([item('book the VENUE', 0.9), item('Send notes', 0.5)]);
  });

  it('treats a failed single pass as finding none and chunks', async () => {
    const { model, calls } = scriptedModel([failing, () => [item('Book the venue', 0.6)]]);
    const items = await extractActionItems(model, LONG, { pause: async () => {}, log: () => {} });
    expect(calls).toHaveLength(4);
    expect(items).toEqual([item('Book the venue', 0.6)]);
  });

  it('does not chunk after a 429 or a rejected key', async () => {
    for (const status of [429, 401]) {
      const { model, calls } = scriptedModel([
        () => {
          throw new TextGenerationError('actionItems', 'failed', 'x', status);
        },
      ]);
      await expect(
        extractActionItems(model, LONG, { pause: async () => {} }),
      ).rejects.toMatchObject({
        message: 'Action item extraction failed',
        status,
      });
      expect(calls).toHaveLength(1);
    }
  });

  it('fails when every chunk fails', async () => {
    const { model } = scriptedModel([() => [], failing, failing, failing]);
    await expect(
      extractActionItems(model, LONG, { pause: async () => {}, log: () => {} }),
    ).rejects.toThrow('Action item extraction failed');
  });

  it('reads a transcript that fits in one chunk once, and an empty one not at all', async () => {
    const short = 'Speaker 1: Nothing to do here.';
    const { model, calls } = scriptedModel([() => []]);
    expect(await extractActionItems(model, short, { pause: async () => {} })).toEqual([]);
    expect(calls).toEqual([short]);
    expect(await extractActionItems(model, '  ')).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('drops malformed suggestions', async () => {
    const { model } = scriptedModel([
      () => [item('', 0.9), { ...item('Send notes', 0.5), confidence: 2 }, item('Book', 0.5)],
    ]);
    expect(await extractActionItems(model, 'Speaker 1: x')).toEqual([item('Book', 0.5)]);
  });
});
