/**
 * A loopback fake of OpenAI's transcription API, `POST /v1/audio/transcriptions`, speaking its
 * documented wire format (https://platform.openai.com/docs/api-reference/audio/createTranscription):
 * `Authorization: Bearer <key>`, a multipart body with `file`, `model`, `response_format`,
 * `timestamp_granularities[]` and `language`; the `verbose_json` answer has `text`, `language`,
 * `duration`, `segments`, and `words` only when word timestamps were asked for, as OpenAI does.
 * Errors have OpenAI's `{error: {message, type, param, code}}` body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import {
  looksLikeAudio,
  sendJson,
  startLoopbackServer,
  type FakeMode,
  type LoopbackServer,
} from './loopback.ts';
import { JFK_SCRIPT, type SttScript } from './script.ts';

/** A request the fake received: its multipart text fields and the uploaded file. */
export interface OpenAiFakeRequest {
  authorization: string | undefined;
  fields: Record<string, string[]>;
  file: { name: string; mimeType: string; bytes: number } | undefined;
}

/** A running OpenAI fake. Set `mode` to choose how the next requests are answered. */
export interface OpenAiFake extends LoopbackServer {
  /** The key it accepts, or undefined for a keyless local server. */
  apiKey: string | undefined;
  mode: FakeMode;
  script: SttScript;
  /** Models it serves. */
  models: string[];
  requests: OpenAiFakeRequest[];
}

const FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];

/** Starts an OpenAI fake on 127.0.0.1; `apiKey: undefined` accepts requests without a key. */
export async function startOpenAiFake(
  options: { apiKey?: string | null; script?: SttScript; mode?: FakeMode; models?: string[] } = {},
): Promise<OpenAiFake> {
  const state = {
    apiKey: options.apiKey === null ? undefined : (options.apiKey ?? 'sk-fake-openai-key'),
    mode: options.mode ?? ('ok' as FakeMode),
    script: options.script ?? JFK_SCRIPT,
    models: options.models ?? ['whisper-1'],
    requests: [] as OpenAiFakeRequest[],
  };
  const server = await startLoopbackServer((req, res) => handle(state, req, res));
  return Object.assign(state, server);
}

function openAiError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) {
  sendJson(res, status, { error: { message, type, param, code } });
}

async function readMultipart(req: IncomingMessage) {
  const fields: Record<string, string[]> = {};
  let file: { name: string; mimeType: string; data: Buffer } | undefined;
  await new Promise<void>((resolve, reject) => {
    const bb = busboy({ headers: req.headers });
    bb.on('field', (name, value) => (fields[name] ??= []).push(value));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (name === 'file') {
          file = {
            name: info.filename ?? '',
            mimeType: info.mimeType,
            data: Buffer.concat(chunks),
          };
        }
      });
    });
    bb.on('close', resolve);
    bb.on('error', reject);
    req.pipe(bb);
  });
  return { fields, file };
}

async function handle(
  state: Omit<OpenAiFake, keyof LoopbackServer>,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (req.method !== 'POST' || url.pathname !== '/v1/audio/transcriptions') {
    return openAiError(
      res,
      404,
      `Invalid URL (${req.method} ${url.pathname})`,
      'invalid_request_error',
      null,
    );
  }
  if (!req.headers['content-type']?.startsWith('multipart/form-data')) {
    return openAiError(
      res,
      400,
      "Invalid Content-Type header (application/json), expected multipart/form-data. (HINT: If you're using curl, you can pass -F 'file=@path/to/file')",
      'invalid_request_error',
      null,
    );
  }
  const { fields, file } = await readMultipart(req);
  state.requests.push({
    authorization: req.headers.authorization,
    fields,
    file: file && { name: file.name, mimeType: file.mimeType, bytes: file.data.length },
  });
  const key = state.apiKey;
  if (state.mode === 'unauthorized' || (key && req.headers.authorization !== `Bearer ${key}`)) {
    const shown = req.headers.authorization?.replace(/^Bearer\s+/, '') ?? '';
    return openAiError(
      res,
      401,
      shown
        ? `Incorrect API key provided: ${shown.slice(0, 3)}***${shown.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`
        : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      'invalid_request_error',
      'invalid_api_key',
    );
  }
  if (state.mode === 'rate_limited') {
    return openAiError(
      res,
      429,
      'Rate limit reached for requests. Please try again later.',
      'requests',
      'rate_limit_exceeded',
    );
  }
  if (state.mode === 'hang') return;
  if (state.mode === 'error') {
    return openAiError(
      res,
      500,
      'The server had an error while processing your request.',
      'server_error',
      null,
    );
  }
  const one = (name: string) => fields[name]?.[0];
  const model = one('model');
  if (!model) {
    return openAiError(
      res,
      400,
      'you must provide a model parameter',
      'invalid_request_error',
      null,
      'model',
    );
  }
  if (!state.models.includes(model)) {
    return openAiError(
      res,
      400,
      `The model \`${model}\` does not exist or you do not have access to it.`,
      'invalid_request_error',
      'model_not_found',
      'model',
    );
  }
  if (!file) {
    return openAiError(
      res,
      400,
      '1 validation error for Request\nbody -> file\n  field required (type=value_error.missing)',
      'invalid_request_error',
      null,
      'file',
    );
  }
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!FORMATS.includes(ext) || !looksLikeAudio(file.data)) {
    return openAiError(
      res,
      400,
      `Invalid file format. Supported formats: ${JSON.stringify(FORMATS)}`,
      'invalid_request_error',
      null,
      'file',
    );
  }
  const format = one('response_format') ?? 'json';
  if (!['json', 'text', 'srt', 'verbose_json', 'vtt'].includes(format)) {
    return openAiError(
      res,
      400,
      `Invalid response_format: ${format}`,
      'invalid_request_error',
      null,
      'response_format',
    );
  }
  const granularities = fields['timestamp_granularities[]'] ?? [];
  if (granularities.length && format !== 'verbose_json') {
    return openAiError(
      res,
      400,
      'timestamp_granularities are only supported with response_format=verbose_json',
      'invalid_request_error',
      null,
      'timestamp_granularities',
    );
  }
  if (granularities.some((g) => g !== 'word' && g !== 'segment')) {
    return openAiError(
      res,
      400,
      'Invalid timestamp_granularities',
      'invalid_request_error',
      null,
      'timestamp_granularities',
    );
  }
  const language = one('language');
  if (language !== undefined && !/^[a-z]{2}$/.test(language)) {
    return openAiError(
      res,
      400,
      `Invalid language '${language}'. Language parameter must be specified in ISO-639-1 format.`,
      'invalid_request_error',
      null,
      'language',
    );
  }
  if (state.mode === 'malformed') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"task": "transcribe", "text": ');
  }
  if (state.mode === 'empty')
    return sendJson(res, 200, { task: 'transcribe', duration: state.script.duration });

  const script = state.script;
  const text = script.words.map((w) => w.punctuated).join(' ');
  if (format !== 'verbose_json') return sendJson(res, 200, { text });
  // Whisper segments: one per sentence-ish chunk (here: per scripted speaker turn).
  const groups: (typeof script.words)[] = [];
  for (const w of script.words) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.speaker === w.speaker) last.push(w);
    else groups.push([w]);
  }
  const segments = groups.map((ws, id) => ({
    id,
    seek: 0,
    start: ws[0]!.start,
    end: ws[ws.length - 1]!.end,
    text: ' ' + ws.map((w) => w.punctuated).join(' '),
    tokens: ws.map((_, i) => 50364 + i),
    temperature: 0,
    avg_logprob: -0.12,
    compression_ratio: 1.3,
    no_speech_prob: 0.01,
  }));
  sendJson(res, 200, {
    task: 'transcribe',
    language: 'english',
    duration: script.duration,
    text,
    ...(granularities.includes('word')
      ? { words: script.words.map((w) => ({ word: w.word, start: w.start, end: w.end })) }
      : {}),
    ...(granularities.length === 0 || granularities.includes('segment') ? { segments } : {}),
  });
}
