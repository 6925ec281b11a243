/**
 * The meeting assistant on a language model: answers stream from fakes speaking Anthropic's
 * Messages streaming and OpenAI's Responses streaming wire formats (loopback servers, see
 * @summy/fakes/llm), the sources reach the model, the answer's [n] markers select the
 * citations, and vendor failures answer the documented 'Chat failed'.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatAnswerSchema } from '@summy/core';
import { askStream, type ReadEvent } from '../../../test/chat-stream.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { loadQmsumMeeting } from '../../../test/qmsum.ts';
import { CLAUDE_SONNET_4 } from '../../providers/llm/catalog.ts';
import {
  defaultFakeScript,
  FAKE_CHAT_ANSWER,
  startFakeAnthropic,
  startFakeOpenAi,
  type FakeVendor,
} from '@summy/fakes/llm';
import type { RunningServer } from '../../server.ts';

const DELAY_MS = 40;

/** Reads the stream event by event, noting when each arrived (ms since the request). */
async function askTimed(client: Client, body: unknown) {
  const started = performance.now();
  const res = await fetch(`${client.baseUrl}/api/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie, origin: client.origin },
    body: JSON.stringify(body),
  });
  const events: (ReadEvent & { at: number })[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body!) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) events.push({ event, data: JSON.parse(data), at: performance.now() - started });
    }
  }
  return events;
}

for (const vendor of ['anthropic', 'openai'] as const) {
  describe(`chat on ${vendor === 'anthropic' ? 'Anthropic (Claude Sonnet 4)' : 'OpenAI (GPT-5)'}`, () => {
    let fake: FakeVendor;
    let server: RunningServer;
    let alice: Client;
    let meetingId = '';

    beforeAll(async () => {
      fake =
        vendor === 'anthropic'
          ? await startFakeAnthropic({ models: [CLAUDE_SONNET_4], streamDelayMs: DELAY_MS })
          : await startFakeOpenAi({ streamDelayMs: DELAY_MS });
      server = await startTestServer(
        vendor === 'anthropic'
          ? { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url }
          : { OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.url },
      );
      alice = await signUp(server, 'Alice');
      meetingId = (
        await alice.post('/api/meetings', {
          title: 'Remote control kick-off',
          transcript: loadQmsumMeeting('ami_ES2011a').transcript,
        })
      ).body.id;
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });
    beforeEach(() => {
      fake.fail(undefined);
      fake.setScript(defaultFakeScript);
    });

    const question = {
      content: 'What price did they settle on for the remote control?',
      context: { type: 'meeting', meetingIds: [] as string[] },
    };

    it('streams the tokens as the model generates them, then the cited sources', async () => {
      question.context.meetingIds = [meetingId];
      const before = fake.requests.length;
      const events = await askTimed(alice, question);
      expect(events[0]!.event).toBe('citations');
      const sources = events[0]!.data.citations;
      expect(sources.length).toBeGreaterThan(1);
      const deltas = events.filter((e) => e.event === 'delta');
      expect(deltas.length).toBeGreaterThan(3);
      // Tokens reach the browser while the model is still generating: the first piece arrives
      // well before the last (the fake pauses DELAY_MS between pieces).
      expect(deltas.at(-1)!.at - deltas[0]!.at).toBeGreaterThan(
        (deltas.length - 2) * DELAY_MS * 0.5,
      );
      const done = events.at(-1)!;
      expect(done.event).toBe('done');
      const answer = chatAnswerSchema.parse(done.data);
      expect(deltas.map((d) => d.data.text).join('')).toBe(FAKE_CHAT_ANSWER);
      expect(answer.content).toBe(FAKE_CHAT_ANSWER);
      expect(answer.model).toBe(
        vendor === 'anthropic' ? `anthropic:${CLAUDE_SONNET_4}` : 'openai:gpt-5',
      );
      // [1] and [2] are cited, in order of first mention; the rest of the sources are not.
      expect(answer.citations.map((c) => c.ref)).toEqual([1, 2]);
      expect(answer.citations).toEqual(sources.slice(0, 2));

      const sent = fake.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body.stream).toBe(true);
      const prompt = JSON.stringify(sent[0]!.body);
      expect(prompt).toContain('Meeting Assistant');
      expect(prompt).toContain('Question: What price did they settle on for the remote control?');
      // The first source went to the model, numbered, with its meeting.
      expect(prompt).toContain('[1] Transcript of “Remote control kick-off”');
      expect(prompt).toContain(JSON.stringify(sources[0].text).slice(1, 40));
    });

    it('POST /api/chat answers the same text, non-streamed to the client', async () => {
      const res = await alice.post('/api/chat', question);
      expect(res.status).toBe(200);
      expect(res.body.content).toBe(FAKE_CHAT_ANSWER);
      expect(res.body.response).toBe(FAKE_CHAT_ANSWER);
    });

    it('sends the conversation so far', async () => {
      const before = fake.requests.length;
      await alice.post('/api/chat', {
        ...question,
        content: 'And who proposed it?',
        history: [
          { isUser: true, content: 'What price did they settle on?' },
          { isUser: false, content: '25 Euros [1].' },
        ],
      });
      const body = JSON.stringify(fake.requests[before]!.body);
      expect(body).toContain('What price did they settle on?');
      expect(body).toContain('25 Euros [1].');
    });

    it("answers 'Chat failed' with the documented details when the vendor fails", async () => {
      fake.fail('rate_limited');
      const limited = await alice.post('/api/chat', question);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: 'Chat failed',
        details: 'Too many requests. Please try again later.',
      });
      const streamed = await askStream(alice, question);
      expect(streamed.status).toBe(200);
      expect(streamed.events.at(-1)).toEqual({
        event: 'error',
        data: { error: 'Chat failed', details: 'Too many requests. Please try again later.' },
      });

      fake.fail('empty');
      const empty = await alice.post('/api/chat', question);
      expect(empty.status).toBe(502);
      expect(empty.body).toEqual({ error: 'Chat failed', details: 'No response generated' });

      fake.fail('unauthorized');
      const rejected = await alice.post('/api/chat', question);
      expect(rejected.status).toBe(401);
      expect(rejected.body.error).toBe('Chat failed');
    });
  });
}
