/**
 * The fake vendors speak the wire protocols the AI SDK expects: plain and streamed answers
 * through the SDK itself, the vendor's checks (key, version header, model, required fields), and
 * retry-after on 429.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLAUDE_SONNET_4, resolveTextModel } from './catalog.ts';
import { CONTRACT_TRANSCRIPT } from '../../../test/contracts/llm-contract.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeVendor } from '@summy/fakes/llm';

let anthropic: FakeVendor;
let openai: FakeVendor;
const script = () => 'Hello from the fake, streamed in pieces.';

beforeAll(async () => {
  anthropic = await startFakeAnthropic({ models: [CLAUDE_SONNET_4], script });
  openai = await startFakeOpenAi({ models: ['gpt-5', 'llama3.1:8b'], script });
});
afterAll(async () => {
  await anthropic?.close();
  await openai?.close();
});
beforeEach(() => {
  anthropic.fail(undefined);
  openai.fail(undefined);
});

async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of stream) text += piece;
  return text;
}

describe('fake vendors through the AI SDK', () => {
  it('Anthropic Messages streams message_start … message_stop', async () => {
    const model = createAnthropic({ apiKey: anthropic.apiKey, baseURL: `${anthropic.url}/v1` })(
      CLAUDE_SONNET_4,
    );
    const result = streamText({ model, prompt: 'Hi', maxRetries: 0 });
    expect(await collect(result.textStream)).toBe('Hello from the fake, streamed in pieces.');
    expect(await result.finishReason).toBe('stop');
    expect(anthropic.requests.at(-1)!.body.stream).toBe(true);
  });

  it('OpenAI Responses (GPT-5) and Chat Completions stream to the end', async () => {
    const provider = createOpenAI({ apiKey: openai.apiKey, baseURL: openai.url });
    const responses = streamText({ model: provider('gpt-5'), prompt: 'Hi', maxRetries: 0 });
    expect(await collect(responses.textStream)).toBe('Hello from the fake, streamed in pieces.');
    expect(openai.requests.at(-1)!.path).toBe('/v1/responses');

    const compatible = createOpenAICompatible({
      name: 'compatible',
      baseURL: openai.url,
      apiKey: openai.apiKey,
      includeUsage: true,
    });
    const chat = streamText({
      model: compatible.chatModel('llama3.1:8b'),
      prompt: 'Hi',
      maxRetries: 0,
    });
    expect(await collect(chat.textStream)).toBe('Hello from the fake, streamed in pieces.');
    expect((await chat.usage).outputTokens).toBeGreaterThan(0);
    expect(openai.requests.at(-1)!.path).toBe('/v1/chat/completions');
  });

  it('Summy calls POST /v1/responses for GPT-5 with Bearer auth', async () => {
    const model = resolveTextModel('openai:gpt-5', {
      settings: { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url },
    });
    expect(await model.generateTitle(CONTRACT_TRANSCRIPT)).toBe(
      'Hello from the fake, streamed in pieces.',
    );
    const sent = openai.requests.at(-1)!;
    expect(sent.path).toBe('/v1/responses');
    expect(sent.headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    expect(sent.body.model).toBe('gpt-5');
  });

  it('retries a 429 after retry-after, then reports 429', async () => {
    anthropic.fail('rate_limited');
    const before = anthropic.requests.length;
    const model = resolveTextModel('auto', {
      settings: { ANTHROPIC_API_KEY: anthropic.apiKey, ANTHROPIC_BASE_URL: anthropic.url },
    });
    await expect(model.generateTitle(CONTRACT_TRANSCRIPT)).rejects.toMatchObject({
      message: 'Title generation failed',
      status: 429,
      details: 'Too many requests. Please try again later.',
    });
    // The AI SDK's default: the first try and two retries.
    expect(anthropic.requests.length - before).toBe(3);
  });

  it('recovers when the 429 passes', async () => {
    openai.fail('rate_limited', 1);
    const model = resolveTextModel('openai:gpt-5', {
      settings: { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url },
    });
    expect(await model.generateTitle(CONTRACT_TRANSCRIPT)).toBe(
      'Hello from the fake, streamed in pieces.',
    );
  });
});

describe('fake vendors check requests like the vendors', () => {
  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const message = {
    model: CLAUDE_SONNET_4,
    max_tokens: 100,
    messages: [{ role: 'user', content: 'Hi' }],
  };

  it('Anthropic: key, version header, model and required fields', async () => {
    const url = `${anthropic.url}/v1/messages`;
    const ok = { 'x-api-key': anthropic.apiKey, 'anthropic-version': '2023-06-01' };
    const good = await post(url, message, ok);
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: CLAUDE_SONNET_4,
      content: [{ type: 'text', text: 'Hello from the fake, streamed in pieces.' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
    });
    const noKey = await post(url, message, { 'anthropic-version': '2023-06-01' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    expect((await post(url, message, { 'x-api-key': anthropic.apiKey })).status).toBe(400);
    expect((await post(url, { ...message, max_tokens: undefined }, ok)).status).toBe(400);
    expect((await post(url, { ...message, messages: [] }, ok)).status).toBe(400);
    expect((await post(url, { ...message, model: 'claude-9' }, ok)).status).toBe(404);
  });

  it('OpenAI: Bearer key, model and required fields; SSE ends with [DONE]', async () => {
    const url = `${openai.url}/chat/completions`;
    const body = { model: 'gpt-5', messages: [{ role: 'user', content: 'Hi' }] };
    const auth = { authorization: `Bearer ${openai.apiKey}` };
    const good = await post(url, body, auth);
    expect(await good.json()).toMatchObject({
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: expect.any(String) },
          finish_reason: 'stop',
        },
      ],
    });
    const bad = await post(url, body, { authorization: 'Bearer wrong' });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as any).error.code).toBe('invalid_api_key');
    expect((await post(url, { model: 'gpt-5' }, auth)).status).toBe(400);
    expect((await post(url, { ...body, model: 'gpt-2' }, auth)).status).toBe(404);
    expect((await post(`${openai.url}/responses`, { model: 'gpt-5' }, auth)).status).toBe(400);
    const streamed = await (await post(url, { ...body, stream: true }, auth)).text();
    const lines = streamed.split('\n\n').filter(Boolean);
    expect(JSON.parse(lines[0]!.slice(6)).object).toBe('chat.completion.chunk');
    expect(lines.at(-1)).toBe('data: [DONE]');
  });
});
