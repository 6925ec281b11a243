/**
 * A fake OpenAI API on loopback, after OpenAI's documented shapes
 * (platform.openai.com/docs/api-reference): Chat Completions (`POST /v1/chat/completions`, what
 * OpenAI-compatible servers such as Ollama and vLLM speak) and Responses (`POST /v1/responses`,
 * which @ai-sdk/openai 3 calls by default for `openai('gpt-5')`), each with streaming (SSE) and
 * the vendor's error bodies. It checks Bearer auth, model and the required fields, and answers
 * from a script.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  contentText,
  deltas,
  sendJson,
  pause,
  startFakeServer,
  startSse,
  type FakeContext,
  type FakeLlmRequest,
  type FakeVendor,
  type FakeVendorOptions,
  type RecordedRequest,
} from './server.ts';
import { defaultFakeScript } from './scripts.ts';

function error(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
  headers: Record<string, string> = {},
) {
  sendJson(
    res,
    status,
    { error: { message, type, param: null, code } },
    {
      'x-request-id': `req_${randomUUID().replace(/-/g, '')}`,
      ...headers,
    },
  );
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));
const id = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Options of the fake OpenAI server. */
export interface FakeOpenAiOptions extends FakeVendorOptions {
  /** Whether requests must carry `Authorization: Bearer <apiKey>` (default true; Ollama checks none). */
  requireAuth?: boolean;
}

// Chat Completions request → what the script sees; undefined when invalid (message in `problem`).
function chatRequest(body: any): FakeLlmRequest | string {
  if (typeof body?.model !== 'string' || !body.model) return 'you must provide a model parameter';
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return "'messages' is a required property";
  }
  for (const m of body.messages) {
    if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(m?.role)) {
      return `Invalid value: '${m?.role}'. Supported values are: 'system', 'assistant', 'user', 'tool', and 'developer'.`;
    }
  }
  const rf = body.response_format?.type;
  return {
    endpoint: 'openai.chat',
    model: body.model,
    system: body.messages
      .filter((m: any) => m.role === 'system' || m.role === 'developer')
      .map((m: any) => contentText(m.content))
      .join('\n'),
    prompt: body.messages
      .filter((m: any) => m.role === 'user')
      .map((m: any) => contentText(m.content))
      .join('\n'),
    wantsJson: rf === 'json_object' || rf === 'json_schema',
    stream: body.stream === true,
    body,
  };
}

function responsesRequest(body: any): FakeLlmRequest | string {
  if (typeof body?.model !== 'string' || !body.model) return "Missing required parameter: 'model'.";
  if (body.input === undefined) return "Missing required parameter: 'input'.";
  const items: any[] =
    typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : body.input;
  if (!Array.isArray(items)) return "Invalid type for 'input': expected a string or an array.";
  const ofRole = (roles: string[]) =>
    items
      .filter((m) => roles.includes(m?.role))
      .map((m) => contentText(m.content))
      .join('\n');
  const format = body.text?.format?.type;
  return {
    endpoint: 'openai.responses',
    model: body.model,
    system: [body.instructions ?? '', ofRole(['system', 'developer'])].filter(Boolean).join('\n'),
    prompt: ofRole(['user']),
    wantsJson: format === 'json_schema' || format === 'json_object',
    stream: body.stream === true,
    body,
  };
}

async function sendChat(
  res: ServerResponse,
  request: FakeLlmRequest,
  text: string,
  delayMs: number,
) {
  const completionId = id('chatcmpl-');
  const usage = {
    prompt_tokens: tokens(request.system + request.prompt),
    completion_tokens: tokens(text),
    total_tokens: tokens(request.system + request.prompt) + tokens(text),
  };
  if (!request.stream) {
    return sendJson(res, 200, {
      id: completionId,
      object: 'chat.completion',
      created: now(),
      model: request.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage,
    });
  }
  startSse(res);
  const chunk = (choices: unknown[], extra: object = {}) =>
    res.write(
      `data: ${JSON.stringify({ id: completionId, object: 'chat.completion.chunk', created: now(), model: request.model, choices, ...extra })}\n\n`,
    );
  chunk([
    { index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null },
  ]);
  if (text) {
    for (const piece of deltas(text)) {
      await pause(delayMs);
      chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]);
    }
  }
  chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
  if (request.body.stream_options?.include_usage) chunk([], { usage });
  res.write('data: [DONE]\n\n');
  res.end();
}

async function sendResponses(
  res: ServerResponse,
  request: FakeLlmRequest,
  text: string,
  delayMs: number,
) {
  const responseId = id('resp_');
  const messageId = id('msg_');
  const created = now();
  const usage = {
    input_tokens: tokens(request.system + request.prompt),
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: tokens(text),
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: tokens(request.system + request.prompt) + tokens(text),
  };
  const message = {
    type: 'message',
    id: messageId,
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
  const full = {
    id: responseId,
    object: 'response',
    created_at: created,
    status: 'completed',
    error: null,
    incomplete_details: null,
    model: request.model,
    output: text ? [message] : [],
    usage,
  };
  if (!request.stream) return sendJson(res, 200, full);

  startSse(res);
  let seq = 0;
  const send = (data: { type: string } & Record<string, unknown>) =>
    res.write(
      `event: ${data.type}\ndata: ${JSON.stringify({ ...data, sequence_number: seq++ })}\n\n`,
    );
  const pending = { ...full, status: 'in_progress', output: [], usage: null };
  send({ type: 'response.created', response: pending });
  send({ type: 'response.in_progress', response: pending });
  if (text) {
    send({
      type: 'response.output_item.added',
      output_index: 0,
      item: { ...message, status: 'in_progress', content: [] },
    });
    send({
      type: 'response.content_part.added',
      item_id: messageId,
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    });
    for (const piece of deltas(text)) {
      await pause(delayMs);
      send({
        type: 'response.output_text.delta',
        item_id: messageId,
        output_index: 0,
        content_index: 0,
        delta: piece,
        logprobs: [],
      });
    }
    send({
      type: 'response.output_text.done',
      item_id: messageId,
      output_index: 0,
      content_index: 0,
      text,
      logprobs: [],
    });
    send({
      type: 'response.content_part.done',
      item_id: messageId,
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text, annotations: [] },
    });
    send({ type: 'response.output_item.done', output_index: 0, item: message });
  }
  send({ type: 'response.completed', response: full });
  res.end();
}

/**
 * Starts a fake OpenAI API; configure Summy with OPENAI_BASE_URL (or OPENAI_COMPATIBLE_BASE_URL)
 * = `url`, which ends in '/v1' like the vendor's.
 */
export function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeVendor> {
  const requireAuth = options.requireAuth ?? true;
  return startFakeServer(
    {
      async handle(req: RecordedRequest, res: ServerResponse, ctx: FakeContext) {
        const endpoint =
          req.method === 'POST' && req.path === '/v1/chat/completions'
            ? 'chat'
            : req.method === 'POST' && req.path === '/v1/responses'
              ? 'responses'
              : undefined;
        if (!endpoint) {
          return error(
            res,
            404,
            `Invalid URL (${req.method} ${req.path})`,
            'invalid_request_error',
            null,
          );
        }
        const auth = req.headers.authorization;
        if ((requireAuth && auth !== `Bearer ${ctx.apiKey}`) || ctx.failure === 'unauthorized') {
          return error(
            res,
            401,
            'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
            'invalid_request_error',
            'invalid_api_key',
          );
        }
        const request = endpoint === 'chat' ? chatRequest(req.body) : responsesRequest(req.body);
        if (typeof request === 'string') {
          return error(res, 400, request, 'invalid_request_error', null);
        }
        if (ctx.models && !ctx.models.has(request.model)) {
          return error(
            res,
            404,
            `The model \`${request.model}\` does not exist or you do not have access to it.`,
            'invalid_request_error',
            'model_not_found',
          );
        }
        if (ctx.failure === 'rate_limited') {
          return error(
            res,
            429,
            `Rate limit reached for ${request.model} on requests per min (RPM): Limit 3, Used 3, Requested 1.`,
            'requests',
            'rate_limit_exceeded',
            { 'retry-after': String(ctx.retryAfterSeconds) },
          );
        }
        if (ctx.failure === 'server_error') {
          return error(
            res,
            500,
            'The server had an error while processing your request. Sorry about that!',
            'server_error',
            null,
            ctx.serverErrorHeaders,
          );
        }
        if (ctx.failure === 'too_long') {
          return error(
            res,
            400,
            "This model's maximum context length is 400000 tokens. However, your messages resulted in 412345 tokens.",
            'invalid_request_error',
            'context_length_exceeded',
          );
        }
        const text = ctx.failure === 'empty' ? '' : await ctx.script(request);
        return endpoint === 'chat'
          ? sendChat(res, request, text, ctx.streamDelayMs)
          : sendResponses(res, request, text, ctx.streamDelayMs);
      },
    },
    { ...options, basePath: '/v1', defaultScript: defaultFakeScript },
  );
}
