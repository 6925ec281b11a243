/**
 * A language model's follow-up of open action items, through the AI SDK against the loopback
 * OpenAI fake: the model's numbered answer maps back to the items, and an answer whose quoted
 * evidence the transcript does not hold is dropped, so an imagined completion is never suggested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeLlmRequest, type FakeVendor } from '@summy/fakes/llm';
import { resolveTextModel } from './catalog.ts';

let openai: FakeVendor;
let asked: FakeLlmRequest[] = [];

beforeAll(async () => {
  openai = await startFakeOpenAi({ models: ['gpt-5-mini'] });
});
afterAll(() => openai?.close());

const model = async () =>
  resolveTextModel(
    'openai:gpt-5-mini',
    { settings: { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url } },
    { log: () => {} },
  );

const TRANSCRIPT = [
  'Speaker 1: Did the deck go out?',
  'Speaker 2: Yes, I sent the deck to the client on Monday.',
  'Speaker 1: And the venue?',
  'Speaker 2: Still waiting on quotes.',
].join('\n\n');

const ITEMS = [
  { id: 'deck', title: 'Send the deck to the client', assignedTo: 'Carol' },
  { id: 'venue', title: 'Book the venue', assignedTo: null },
  { id: 'poll', title: 'Close the poll', assignedTo: null },
];

describe('findDoneItems of an AI SDK model', () => {
  it('keeps the items whose quoted evidence is in the transcript, at that turn', async () => {
    asked = [];
    openai.setScript((req) => {
      asked.push(req);
      return JSON.stringify({
        done: [
          { item: 1, evidence: 'I sent the deck to the client on Monday.' },
          // Not said: the model imagined it.
          { item: 2, evidence: 'I booked the venue yesterday.' },
          // No such item.
          { item: 9, evidence: 'Still waiting on quotes.' },
        ],
      });
    });
    const text = await model();
    expect(text.findDoneItems).toBeTypeOf('function');
    const done = await text.findDoneItems!({ transcript: TRANSCRIPT, items: ITEMS });
    expect(done).toEqual([
      { id: 'deck', evidence: 'I sent the deck to the client on Monday.', position: 1 },
    ]);
    // The items reach the model numbered, with their owners, beside the transcript.
    expect(asked).toHaveLength(1);
    expect(asked[0]!.prompt).toContain('1. Send the deck to the client (owner: Carol)');
    expect(asked[0]!.prompt).toContain('3. Close the poll');
    expect(asked[0]!.prompt).toContain('Speaker 2: Yes, I sent the deck');
  });

  it('asks nothing when there is nothing to follow up', async () => {
    asked = [];
    openai.setScript((req) => {
      asked.push(req);
      return JSON.stringify({ done: [] });
    });
    const text = await model();
    expect(await text.findDoneItems!({ transcript: TRANSCRIPT, items: [] })).toEqual([]);
    expect(asked).toHaveLength(0);
  });

  it('fails with the action items error when the answer is not the asked shape', async () => {
    openai.setScript(() => JSON.stringify({ actionItems: [] }));
    const text = await model();
    await expect(text.findDoneItems!({ transcript: TRANSCRIPT, items: ITEMS })).rejects.toThrow(
      'Action item extraction failed',
    );
  });
});
