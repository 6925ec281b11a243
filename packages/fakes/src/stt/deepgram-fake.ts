/**
 * A loopback fake of Deepgram's pre-recorded API, `POST /v1/listen`, speaking its documented wire
 * format (https://developers.deepgram.com/reference/speech-to-text/listen-pre-recorded):
 * `Authorization: Token <key>`, options in the query string, the audio as the raw body; the answer
 * `{metadata, results: {channels, utterances, summary, topics, intents, sentiments}}` carries each
 * feature only when its query parameter asked for it, as the vendor does, so a request that forgets
 * a parameter gets a poorer answer and the tests notice.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  looksLikeAudio,
  readBody,
  sendJson,
  startLoopbackServer,
  type FakeMode,
  type LoopbackServer,
} from './loopback.ts';
import { JFK_SCRIPT, type ScriptWord, type SttScript } from './script.ts';

/** A request the fake received. */
export interface DeepgramFakeRequest {
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  bytes: number;
}

/** A running Deepgram fake. Set `mode` to choose how the next requests are answered. */
export interface DeepgramFake extends LoopbackServer {
  /** The key it accepts (`Authorization: Token <apiKey>`). */
  apiKey: string;
  mode: FakeMode;
  script: SttScript;
  /** Every request received, oldest first. */
  requests: DeepgramFakeRequest[];
}

const MODEL_UUID = '2187e11a-3532-4498-b076-81fa530bdd49';
const KNOWN_MODELS = new Set([
  'nova-3',
  'nova-3-general',
  'nova-2',
  'nova-2-general',
  'nova',
  'base',
  'enhanced',
]);
const BOOLEAN_PARAMS = [
  'diarize',
  'utterances',
  'topics',
  'intents',
  'sentiment',
  'smart_format',
  'punctuate',
  'paragraphs',
  'detect_language',
  'multichannel',
  'numerals',
  'profanity_filter',
  'filler_words',
];

/** Starts a Deepgram fake on 127.0.0.1 that accepts `apiKey`. */
export async function startDeepgramFake(
  options: { apiKey?: string; script?: SttScript; mode?: FakeMode } = {},
): Promise<DeepgramFake> {
  const state = {
    apiKey: options.apiKey ?? 'fake-deepgram-key',
    mode: options.mode ?? ('ok' as FakeMode),
    script: options.script ?? JFK_SCRIPT,
    requests: [] as DeepgramFakeRequest[],
  };
  const server = await startLoopbackServer((req, res) => handle(state, req, res));
  return Object.assign(state, server);
}

function error(res: ServerResponse, status: number, errCode: string, errMsg: string) {
  sendJson(res, status, { err_code: errCode, err_msg: errMsg, request_id: randomUUID() });
}

async function handle(
  state: Omit<DeepgramFake, keyof LoopbackServer>,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (req.method !== 'POST' || url.pathname !== '/v1/listen') {
    return error(res, 404, 'NOT_FOUND', `No route for ${req.method} ${url.pathname}`);
  }
  const body = await readBody(req);
  state.requests.push({
    query: url.searchParams,
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    bytes: body.length,
  });
  if (state.mode === 'unauthorized' || req.headers.authorization !== `Token ${state.apiKey}`) {
    return error(res, 401, 'INVALID_AUTH', 'Invalid credentials.');
  }
  if (state.mode === 'rate_limited') {
    return error(res, 429, 'TOO_MANY_REQUESTS', 'Too many requests. Please try again later');
  }
  if (state.mode === 'hang') return; // the socket stays open until the client gives up
  if (state.mode === 'error') {
    return error(res, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error.');
  }
  const q = url.searchParams;
  for (const name of BOOLEAN_PARAMS) {
    const v = q.get(name);
    if (v !== null && v !== 'true' && v !== 'false') {
      return error(res, 400, 'Bad Request', `Invalid query string: ${name} must be true or false`);
    }
  }
  const model = q.get('model') ?? 'base';
  if (!KNOWN_MODELS.has(model)) {
    return error(res, 400, 'Bad Request', 'No such model/language/tier combination found.');
  }
  const summarize = q.get('summarize');
  if (summarize !== null && summarize !== 'v2' && summarize !== 'false') {
    return error(res, 400, 'Bad Request', 'Invalid query string: summarize must be v2');
  }
  const language = q.get('language');
  if (language !== null && !/^([a-z]{2,3}(-[A-Za-z0-9]{2,8})*|multi)$/.test(language)) {
    return error(res, 400, 'Bad Request', 'No such model/language/tier combination found.');
  }
  if (!looksLikeAudio(body)) {
    return error(
      res,
      400,
      'Bad Request',
      'Bad Request: failed to process audio: corrupt or unsupported data',
    );
  }
  if (state.mode === 'malformed') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"metadata": {"request_id": "');
  }
  const sha256 = createHash('sha256').update(body).digest('hex');
  sendJson(res, 200, listenResponse(state.script, q, sha256, state.mode === 'empty'));
}

/** The documented pre-recorded answer for `script` given the request's query parameters. */
export function listenResponse(
  script: SttScript,
  q: URLSearchParams,
  sha256: string,
  empty = false,
) {
  const on = (name: string) => q.get(name) === 'true';
  const diarize = on('diarize') || q.has('diarize_model');
  const punctuated = on('punctuate') || on('smart_format');
  const requestId = randomUUID();
  const metadata = {
    transaction_key: 'deprecated',
    request_id: requestId,
    sha256,
    created: new Date().toISOString(),
    duration: script.duration,
    channels: 1 as number,
    models: [MODEL_UUID],
    model_info: {
      [MODEL_UUID]: { name: 'general-nova-3', version: '2024-12-20.0', arch: 'nova-3' },
    },
    ...(q.get('summarize') === 'v2'
      ? { summary_info: { model_uuid: randomUUID(), input_tokens: 40, output_tokens: 12 } }
      : {}),
  };
  if (empty) return { metadata, results: { channels: [] } };

  const word = (w: ScriptWord) => ({
    word: w.word,
    start: w.start,
    end: w.end,
    confidence: w.confidence ?? 0.98,
    ...(diarize ? { speaker: w.speaker, speaker_confidence: 0.9 } : {}),
    ...(punctuated ? { punctuated_word: w.punctuated } : {}),
  });
  const text = (ws: ScriptWord[]) => ws.map((w) => (punctuated ? w.punctuated : w.word)).join(' ');
  const words = script.words;
  // With `multichannel=true` each channel's words are transcribed apart: `results.channels[i]`
  // for audio channel i, utterances tagged with their `channel`. Without it, one channel.
  const channelCount = on('multichannel')
    ? Math.max(script.channels ?? 1, ...words.map((w) => (w.channel ?? 0) + 1))
    : 1;
  metadata.channels = channelCount;
  const inChannel = (c: number) =>
    channelCount === 1 ? words : words.filter((w) => (w.channel ?? 0) === c);
  const results: Record<string, unknown> = {
    channels: Array.from({ length: channelCount }, (_, c) => {
      const ws = inChannel(c);
      return {
        alternatives: [
          { transcript: text(ws), confidence: meanConfidence(ws), words: ws.map(word) },
        ],
      };
    }),
  };
  // Utterances and sentiment segments follow speaker turns (index ranges into `words`).
  const turns = speakerTurns(words);
  if (on('utterances')) {
    results.utterances = Array.from({ length: channelCount }, (_, c) =>
      speakerTurns(inChannel(c)).map(({ from, to }) => {
        const ws = inChannel(c).slice(from, to + 1);
        return {
          start: ws[0]!.start,
          end: ws[ws.length - 1]!.end,
          confidence: meanConfidence(ws),
          channel: c,
          transcript: text(ws),
          words: ws.map((w) => ({ ...word(w), punctuated_word: w.punctuated })),
          speaker: diarize ? ws[0]!.speaker : 0,
          id: randomUUID(),
        };
      }),
    )
      .flat()
      .sort((a, b) => a.start - b.start);
  }
  if (q.get('summarize') === 'v2') {
    results.summary = { result: 'success', short: script.summary };
  }
  const whole = { text: text(words), start_word: 0, end_word: Math.max(0, words.length - 1) };
  if (on('topics')) {
    results.topics = {
      segments: [
        {
          ...whole,
          topics: script.topics.map((t) => ({ topic: t.topic, confidence_score: t.confidence })),
        },
      ],
    };
  }
  if (on('intents')) {
    results.intents = {
      segments: [
        {
          ...whole,
          intents: script.intents.map((t) => ({
            intent: t.intent,
            confidence_score: t.confidence,
          })),
        },
      ],
    };
  }
  if (on('sentiment')) {
    results.sentiments = {
      segments: turns.map(({ from, to }) => ({
        text: text(words.slice(from, to + 1)),
        start_word: from,
        end_word: to,
        sentiment: script.sentiment.sentiment,
        sentiment_score: script.sentiment.score,
      })),
      average: { sentiment: script.sentiment.sentiment, sentiment_score: script.sentiment.score },
    };
  }
  return { metadata, results };
}

/** The mean confidence of words (0 without words). */
function meanConfidence(ws: ScriptWord[]): number {
  return ws.length ? ws.reduce((s, w) => s + (w.confidence ?? 0.98), 0) / ws.length : 0;
}

/** Runs of one speaker's consecutive words, as index ranges into `words`. */
function speakerTurns(words: ScriptWord[]): { from: number; to: number }[] {
  const turns: { from: number; to: number }[] = [];
  words.forEach((w, i) => {
    const last = turns[turns.length - 1];
    if (last && words[last.to]!.speaker === w.speaker) last.to = i;
    else turns.push({ from: i, to: i });
  });
  return turns;
}
