/**
 * Asking during a meeting: a meeting still recording, with no final transcript but live segments,
 * is answered from its live draft (the model reads the segments, told they are a draft of a
 * meeting in progress) and cited by segment (`live: true`, `turnIndex` = seq, speaker 'You' or
 * 'Call', start); once the final transcript is saved its turns are cited again; another user's
 * live text never reaches the model. The model is the fake Anthropic vendor (@summy/fakes/llm).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatAnswerSchema, type LiveSegment } from '@summy/core';
import { liveSegments } from '@summy/db';
import {
  defaultFakeScript,
  startFakeAnthropic,
  type FakeLlmRequest,
  type FakeVendor,
} from '@summy/fakes/llm';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { CLAUDE_SONNET_4 } from '../../providers/llm/catalog.ts';
import type { RunningServer } from '../../server.ts';
import { LIVE_INSTRUCTION, LIVE_SOURCE_LABEL } from '../../services/assistant/chat-prompt.ts';
import { readLiveSources } from '../../services/assistant/live-sources.ts';

let fake: FakeVendor;
let server: RunningServer;
let alice: Client;
let bob: Client;

const BUDGET = 'The budget for the launch is forty thousand euros.';
const SECRET = "Bob's zeppelin budget is a secret.";

beforeAll(async () => {
  fake = await startFakeAnthropic({ models: [CLAUDE_SONNET_4] });
  server = await startTestServer({ ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url });
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => fake.setScript(defaultFakeScript));

/** A meeting being recorded, with these live segments. */
async function recording(client: Client, title: string, segments: LiveSegment[]) {
  const id: string = (await client.post('/api/meetings', { title, isRecording: true })).body.id;
  if (segments.length) {
    await server.database.db
      .insert(liveSegments)
      .values(segments.map((s) => ({ ...s, meetingId: id })));
  }
  return id;
}

/** Answers citing the source whose text holds `words` ('… [n].'), as a model would. */
function citeSourceHolding(words: string) {
  return (req: FakeLlmRequest) => {
    if (!req.system.includes('Meeting Assistant')) return defaultFakeScript(req);
    const blocks = req.prompt.split(/\n\n(?=\[\d+\] )/);
    const block = blocks.find((b) => b.includes(words));
    const ref = block && /^(?:Sources:\n\n)?\[(\d+)\]/.exec(block)?.[1];
    return ref ? `They said: ${words} [${ref}].` : 'Nothing about that.';
  };
}

async function ask(client: Client, content: string, meetingIds: string[]) {
  const before = fake.requests.length;
  const res = await client.post('/api/chat', {
    content,
    context: { type: 'meeting', meetingIds },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sent = fake.requests.slice(before).map((r) => JSON.stringify(r.body));
  return { answer: chatAnswerSchema.parse(res.body), prompt: sent.join('\n') };
}

describe('asking during a meeting', () => {
  it('answers from the live segments so far and cites the segment', async () => {
    const id = await recording(alice, 'Launch sync', [
      { seq: 0, channel: 0, start: 1.5, end: 4, text: 'Shall we start with the launch?' },
      { seq: 1, channel: 1, start: 9.25, end: 14, text: BUDGET },
      { seq: 2, channel: 0, start: 15, end: 16.5, text: 'Agreed, thanks.' },
    ]);
    fake.setScript(citeSourceHolding('forty thousand euros'));
    const { answer, prompt } = await ask(alice, 'What did they just say about the budget?', [id]);

    // The model read the draft as such, every segment, in order.
    expect(prompt).toContain(JSON.stringify(LIVE_INSTRUCTION).slice(1, -1));
    expect(prompt).toContain(`${LIVE_SOURCE_LABEL} of “Launch sync” — Call at 00:09`);
    const order = ['Shall we start', 'forty thousand', 'Agreed, thanks'].map((t) =>
      prompt.indexOf(t),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(prompt).not.toContain('is still being recorded or processed');

    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]).toMatchObject({
      section: 'transcript',
      live: true,
      meetingId: id,
      meetingTitle: 'Launch sync',
      speaker: 'Call',
      start: 9.25,
      turnIndex: 1,
      text: BUDGET,
    });
    expect(answer.content).toContain(`[${answer.citations[0]!.ref}]`);
  });

  it('cites the final transcript once it is saved, not the live draft', async () => {
    const id = await recording(alice, 'Budget review', [
      { seq: 0, channel: 0, start: 2, end: 6, text: 'The budget draft says thirty thousand.' },
    ]);
    fake.setScript(citeSourceHolding('budget'));
    const during = await ask(alice, 'What was said about the budget?', [id]);
    expect(during.answer.citations[0]).toMatchObject({ live: true, turnIndex: 0 });

    // The final pass saves the transcript (and deletes the segments; even if some remained, the
    // transcript is what counts).
    const saved = await alice.patch(`/api/meetings/${id}`, {
      transcript: 'Speaker 1: Hello everyone.\n\nSpeaker 2: The budget is fifty thousand euros.',
      isRecording: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await ask(alice, 'What was said about the budget?', [id]);
    expect(after.prompt).not.toContain(LIVE_SOURCE_LABEL);
    expect(after.prompt).not.toContain('thirty thousand');
    expect(after.answer.citations[0]).toMatchObject({
      section: 'transcript',
      turnIndex: 1,
      speaker: 'Speaker 2',
      text: 'The budget is fifty thousand euros.',
    });
    expect(after.answer.citations[0]!.live).toBeUndefined();
  });

  it("never gives another user's live text", async () => {
    const bobs = await recording(bob, 'Secret sync', [
      { seq: 0, channel: 1, start: 0, end: 3, text: SECRET },
    ]);
    const mine = await recording(alice, 'Zeppelin chat', [
      { seq: 0, channel: 0, start: 0, end: 2, text: 'Our zeppelin budget is open.' },
    ]);
    fake.setScript(citeSourceHolding('zeppelin'));
    const own = await ask(alice, 'What about the zeppelin budget?', [mine]);
    expect(own.prompt).not.toContain('secret');
    expect(own.answer.citations.every((c) => c.meetingId === mine)).toBe(true);
    const all = await ask(alice, 'What about the zeppelin budget?', []);
    expect(all.prompt).not.toContain('secret');

    const before = fake.requests.length;
    const theirs = await alice.post('/api/chat', {
      content: 'What about the zeppelin budget?',
      context: { type: 'meeting', meetingIds: [bobs] },
    });
    expect(theirs.status).toBe(404);
    expect(fake.requests.length).toBe(before);
    // The query itself reads only the asking user's meetings.
    const db = server.database.db;
    expect(await readLiveSources(db, [alice.userId!], [bobs], ['zeppelin'])).toEqual([]);
    expect(await readLiveSources(db, [bob.userId!], [bobs], ['zeppelin'])).toHaveLength(1);
  });

  it('keeps the latest segments of a long draft', async () => {
    const many: LiveSegment[] = Array.from({ length: 400 }, (_, seq) => ({
      seq,
      channel: (seq % 2) as 0 | 1,
      start: seq * 10,
      end: seq * 10 + 9,
      text: `Point ${seq}: ${'we keep talking about the roadmap '.repeat(4)}`.trim(),
    }));
    const id = await recording(alice, 'Long sync', many);
    fake.setScript(citeSourceHolding('Point 399:'));
    const { answer, prompt } = await ask(alice, 'What was said last?', [id]);
    expect(prompt).toContain('Point 399:');
    expect(prompt).not.toContain('Point 0:');
    expect(answer.citations[0]).toMatchObject({ live: true, turnIndex: 399, start: 3990 });
  });
});
