/**
 * OpenAI-compatible adapter: the speech-to-text contract against the loopback fake (every failure
 * mode), the multipart request it sends, a keyless local server, and the contract against the real
 * OpenAI when OPENAI_API_KEY is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JFK_AUDIO, sttContract } from '../../../../test/contracts/stt-contract.ts';
import { startOpenAiFake, type FakeMode, type OpenAiFake } from '@summy/fakes/stt';
import type { SttErrorCode } from '../types.ts';
import { createOpenAiSttProvider } from './index.ts';

const MODE_OF: Record<SttErrorCode, FakeMode> = {
  unauthorized: 'unauthorized',
  rate_limited: 'rate_limited',
  timeout: 'hang',
  empty: 'empty',
  parse: 'malformed',
  failed: 'error',
};

sttContract('openai (loopback fake)', async () => {
  const fake = await startOpenAiFake();
  const provider = createOpenAiSttProvider({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    model: 'whisper-1',
  });
  return {
    provider,
    expectText: /ask not what your country can do for you/,
    failWith(code) {
      fake.mode = MODE_OF[code];
      return provider;
    },
    close: () => fake.close(),
  };
});

const realKey = process.env.OPENAI_API_KEY;
sttContract(
  'openai (real vendor)',
  async () => {
    const baseUrl = process.env.OPENAI_BASE_URL ?? 'https://api.openai.com';
    const model = process.env.OPENAI_STT_MODEL ?? 'whisper-1';
    const provider = createOpenAiSttProvider({ apiKey: realKey, baseUrl, model });
    return {
      provider,
      expectText: /country/i,
      timeoutProbeMs: 20,
      failWith(code) {
        if (code === 'unauthorized') {
          return createOpenAiSttProvider({ apiKey: 'sk-summy-contract-invalid', baseUrl, model });
        }
        return code === 'timeout' ? provider : undefined;
      },
    };
  },
  { skip: realKey ? false : 'OPENAI_API_KEY not set', timeoutMs: 120_000 },
);

describe('openai adapter request', () => {
  let fake: OpenAiFake;
  beforeAll(async () => {
    fake = await startOpenAiFake({ apiKey: 'sk-test' });
  });
  afterAll(() => fake.close());

  it('posts the documented multipart fields with Bearer auth', async () => {
    const provider = createOpenAiSttProvider({
      apiKey: 'sk-test',
      baseUrl: fake.url + '/v1/',
      model: 'whisper-1',
    });
    const result = await provider.transcribe({ ...JFK_AUDIO, language: 'en-US' });
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.fields).toEqual({
      model: ['whisper-1'],
      response_format: ['verbose_json'],
      'timestamp_granularities[]': ['word', 'segment'],
      language: ['en'],
    });
    expect(request.file).toEqual({ name: 'audio.wav', mimeType: 'audio/wav', bytes: 352078 });
    // No diarization from OpenAI: one speaker.
    expect(new Set(result.words.map((w) => w.speaker))).toEqual(new Set([0]));
    expect(result.words).toHaveLength(fake.script.words.length);
    expect(result.language).toBe('en');
    expect(result.duration).toBe(11);
  });

  it('says the OpenAI key was rejected on 401', async () => {
    const provider = createOpenAiSttProvider({
      apiKey: 'sk-wrong',
      baseUrl: fake.url,
      model: 'whisper-1',
    });
    await expect(provider.transcribe({ ...JFK_AUDIO, language: 'en' })).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'Invalid Deepgram API key',
      details: 'The OpenAI API key was rejected (check OPENAI_API_KEY)',
    });
  });

  it('fails with the server message for a model the server does not serve', async () => {
    const provider = createOpenAiSttProvider({
      apiKey: 'sk-test',
      baseUrl: fake.url,
      model: 'whisper-9',
    });
    await expect(provider.transcribe({ ...JFK_AUDIO, language: 'en' })).rejects.toMatchObject({
      code: 'failed',
      details: expect.stringContaining('The model `whisper-9` does not exist'),
    });
  });

  it('talks to a keyless local server without an Authorization header', async () => {
    const local = await startOpenAiFake({ apiKey: null, models: ['Systran/faster-whisper-small'] });
    try {
      const provider = createOpenAiSttProvider({
        apiKey: undefined,
        baseUrl: local.url,
        model: 'Systran/faster-whisper-small',
      });
      const result = await provider.transcribe({ ...JFK_AUDIO, language: 'en' });
      expect(local.requests[0]!.authorization).toBeUndefined();
      expect(result.text).toContain('ask not what your country');
    } finally {
      await local.close();
    }
  });
});
