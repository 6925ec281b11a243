/**
 * Deepgram adapter: the speech-to-text contract against the loopback fake (every failure mode),
 * the request it sends, and the contract against the real Deepgram when DEEPGRAM_API_KEY is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JFK_AUDIO, sttContract } from '../../../../test/contracts/stt-contract.ts';
import {
  JFK_SCRIPT,
  scriptFromText,
  startDeepgramFake,
  type DeepgramFake,
  type FakeMode,
} from '@summy/fakes/stt';
import type { SttErrorCode } from '../types.ts';
import { createDeepgramSttProvider } from './index.ts';

const MODE_OF: Record<SttErrorCode, FakeMode> = {
  unauthorized: 'unauthorized',
  rate_limited: 'rate_limited',
  timeout: 'hang',
  empty: 'empty',
  parse: 'malformed',
  failed: 'error',
};

sttContract('deepgram (loopback fake)', async () => {
  const fake = await startDeepgramFake();
  const provider = createDeepgramSttProvider({ apiKey: fake.apiKey, baseUrl: fake.url });
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

const realKey = process.env.DEEPGRAM_API_KEY;
sttContract(
  'deepgram (real vendor)',
  async () => {
    const baseUrl = process.env.DEEPGRAM_BASE_URL ?? 'https://api.deepgram.com';
    const provider = createDeepgramSttProvider({ apiKey: realKey!, baseUrl });
    return {
      provider,
      expectText: /country/i,
      timeoutProbeMs: 20,
      failWith(code) {
        if (code === 'unauthorized') {
          return createDeepgramSttProvider({ apiKey: 'summy-contract-invalid-key', baseUrl });
        }
        return code === 'timeout' ? provider : undefined;
      },
    };
  },
  { skip: realKey ? false : 'DEEPGRAM_API_KEY not set', timeoutMs: 120_000 },
);

describe('deepgram adapter request', () => {
  let fake: DeepgramFake;
  beforeAll(async () => {
    fake = await startDeepgramFake({ apiKey: 'dg-secret' });
  });
  afterAll(() => fake.close());

  it('sends the file with Token auth and the documented query parameters', async () => {
    const provider = createDeepgramSttProvider({ apiKey: 'dg-secret', baseUrl: fake.url + '/' });
    const result = await provider.transcribe({ ...JFK_AUDIO, language: 'en' });
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Token dg-secret');
    expect(request.bytes).toBe(352078);
    expect(Object.fromEntries(request.query)).toEqual({
      model: 'nova-3',
      language: 'en',
      diarize: 'true',
      utterances: 'true',
      summarize: 'v2',
      topics: 'true',
      intents: 'true',
      sentiment: 'true',
      smart_format: 'true',
      punctuate: 'true',
    });
    // Every feature the query asked for came back and was mapped.
    expect(result.summary).toBe(fake.script.summary);
    expect(result.topics.map((t) => t.topic)).toEqual(['Patriotism', 'Civic duty']);
    expect(result.intents).toEqual([{ intent: 'Encourage public service', confidence: 0.88 }]);
    expect(result.sentiment?.average).toEqual({ sentiment: 'positive', score: 0.42 });
    expect(result.sentiment?.segments).toHaveLength(2);
    expect(result.speakers.map((t) => t.speaker)).toEqual([0, 1]);
    expect(result.utterances.map((u) => u.transcript)).toEqual([
      'And so, my fellow Americans, ask not what your country can do for you,',
      'ask what you can do for your country.',
    ]);
  });

  it('answers SttError unauthorized for a wrong key (the fake checks the key)', async () => {
    const provider = createDeepgramSttProvider({ apiKey: 'wrong', baseUrl: fake.url });
    await expect(provider.transcribe({ ...JFK_AUDIO, language: 'en' })).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'Invalid Deepgram API key',
    });
  });

  it("transcribes a call's two channels in one multichannel request, each with its speakers", async () => {
    const call = await startDeepgramFake({
      apiKey: 'dg-secret',
      script: {
        ...JFK_SCRIPT,
        words: [
          ...scriptFromText([{ speaker: 0, text: 'Can you hear me?' }], {
            start: 0.5,
            end: 2,
            duration: 8,
          }).map((w) => ({ ...w, channel: 1 })),
          ...scriptFromText([{ speaker: 0, text: 'Yes, loud and clear.' }], {
            start: 2.5,
            end: 4,
            duration: 8,
          }),
          ...scriptFromText([{ speaker: 1, text: 'Good, let us start.' }], {
            start: 4.5,
            end: 6,
            duration: 8,
          }).map((w) => ({ ...w, channel: 1 })),
        ],
      },
    });
    try {
      const provider = createDeepgramSttProvider({ apiKey: 'dg-secret', baseUrl: call.url });
      const [me, them] = await provider.transcribeChannels!({ ...JFK_AUDIO, language: 'en' });
      expect(call.requests).toHaveLength(1);
      expect(call.requests[0]!.query.get('multichannel')).toBe('true');
      expect(me.text).toBe('Yes, loud and clear.');
      expect(me.speakers.map((t) => t.speaker)).toEqual([0]);
      expect(them.utterances.map((u) => [u.speaker, u.transcript])).toEqual([
        [0, 'Can you hear me?'],
        [1, 'Good, let us start.'],
      ]);
      expect(them.topics.map((t) => t.topic)).toEqual(['Patriotism', 'Civic duty']);
      expect(me.topics).toEqual([]);
    } finally {
      await call.close();
    }
  });
});
