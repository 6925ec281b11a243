/**
 * A fake Anthropic Messages API on loopback (`POST /v1/messages`), after Anthropic's documented
 * request, response, streaming and error shapes (docs.anthropic.com/en/api/messages,
 * /en/api/messages-streaming, /en/api/errors). It checks what the vendor checks (x-api-key,
 * anthropic-version, model, max_tokens, messages) and answers from a script; a forced tool
 * (how the AI SDK asks Claude Sonnet 4 for JSON) is answered with a `tool_use` block.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  contentText,
  deltas,
  pause,
  sendJson,
  startFakeServer,
  startSse,
  type FakeContext,
  type FakeLlmRequest,
  type FakeVendor,
  type FakeVendorOptions,
  type RecordedRequest,
} from './server.ts';
import { defaultFakeScript } from './scripts.ts';

function error(res: ServerResponse, status: number, type: string, message: string, headers = {}) {
  sendJson(
    res,
    status,
    { type: 'error', error: { type, message } },
    {
      'request-id': `req_${randomUUID()}`,
      ...headers,
    },
  );
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

// The checks the Messages API makes before generating (400 invalid_request_error otherwise).
function invalid(body: any): string | undefined {
  if (!body || typeof body !== 'object') return 'Request body must be a JSON object';
  if (typeof body.model !== 'string' || !body.model) return 'model: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1)
    return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return 'messages: at least one message is required';
  }
  for (const [i, m] of body.messages.entries()) {
    if (m?.role !== 'user' && m?.role !== 'assistant') {
      return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    }
    if (typeof m.content !== 'string' && !Array.isArray(m.content)) {
      return `messages.${i}.content: Field required`;
    }
  }
  if (body.messages[0].role !== 'user') return 'messages: first message must use the "user" role';
  return undefined;
}

/** Starts a fake Anthropic API; configure Summy with ANTHROPIC_BASE_URL = `url`. */
export function startFakeAnthropic(options: FakeVendorOptions = {}): Promise<FakeVendor> {
  return startFakeServer(
    {
      async handle(req: RecordedRequest, res: ServerResponse, ctx: FakeContext) {
        if (req.method !== 'POST' || req.path !== '/v1/messages') {
          return error(res, 404, 'not_found_error', 'Not Found');
        }
        if (req.headers['x-api-key'] !== ctx.apiKey || ctx.failure === 'unauthorized') {
          return error(res, 401, 'authentication_error', 'invalid x-api-key');
        }
        if (!req.headers['anthropic-version']) {
          return error(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
        }
        const body = req.body;
        const problem = invalid(body);
        if (problem) return error(res, 400, 'invalid_request_error', problem);
        if (ctx.models && !ctx.models.has(body.model)) {
          return error(res, 404, 'not_found_error', `model: ${body.model}`);
        }
        if (ctx.failure === 'rate_limited') {
          return error(
            res,
            429,
            'rate_limit_error',
            'Number of request tokens has exceeded your per-minute rate limit',
            { 'retry-after': String(ctx.retryAfterSeconds) },
          );
        }
        if (ctx.failure === 'server_error') {
          return error(res, 500, 'api_error', 'Internal server error', ctx.serverErrorHeaders);
        }
        if (ctx.failure === 'too_long') {
          return error(
            res,
            400,
            'invalid_request_error',
            'prompt is too long: 212345 tokens > 200000 maximum',
          );
        }

        const forced =
          Array.isArray(body.tools) &&
          (body.tool_choice?.type === 'any' || body.tool_choice?.type === 'tool')
            ? body.tool_choice.type === 'tool'
              ? body.tool_choice.name
              : body.tools[0]?.name
            : undefined;
        const request: FakeLlmRequest = {
          endpoint: 'anthropic.messages',
          model: body.model,
          system: typeof body.system === 'string' ? body.system : contentText(body.system),
          prompt: body.messages
            .filter((m: any) => m.role === 'user')
            .map((m: any) => contentText(m.content))
            .join('\n'),
          wantsJson: Boolean(forced) || body.output_config?.format?.type === 'json_schema',
          stream: body.stream === true,
          body,
        };
        const text = ctx.failure === 'empty' ? '' : await ctx.script(request);
        let toolInput: unknown = undefined;
        if (forced && text) {
          try {
            toolInput = JSON.parse(text);
          } catch {
            toolInput = {};
          }
        }
        const id = `msg_${randomUUID().replace(/-/g, '')}`;
        const inputTokens = tokens(request.system + request.prompt);
        const toolUse = forced && toolInput !== undefined;
        const content = toolUse
          ? [
              {
                type: 'tool_use',
                id: `toolu_${randomUUID().replace(/-/g, '')}`,
                name: forced,
                input: toolInput,
              },
            ]
          : text
            ? [{ type: 'text', text }]
            : [];
        const stopReason = toolUse ? 'tool_use' : 'end_turn';

        if (!request.stream) {
          return sendJson(
            res,
            200,
            {
              id,
              type: 'message',
              role: 'assistant',
              model: body.model,
              content,
              stop_reason: stopReason,
              stop_sequence: null,
              usage: { input_tokens: inputTokens, output_tokens: tokens(text) },
            },
            { 'request-id': `req_${randomUUID()}` },
          );
        }

        // Streaming: the documented event sequence, one content block.
        startSse(res);
        const send = (event: string, data: unknown) =>
          res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        send('message_start', {
          type: 'message_start',
          message: {
            id,
            type: 'message',
            role: 'assistant',
            model: body.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: inputTokens, output_tokens: 1 },
          },
        });
        if (content.length) {
          const block = content[0] as any;
          send('content_block_start', {
            type: 'content_block_start',
            index: 0,
            content_block: toolUse
              ? { type: 'tool_use', id: block.id, name: block.name, input: {} }
              : { type: 'text', text: '' },
          });
          send('ping', { type: 'ping' });
          const payload = toolUse ? JSON.stringify(toolInput) : text;
          for (const piece of deltas(payload)) {
            await pause(ctx.streamDelayMs);
            send('content_block_delta', {
              type: 'content_block_delta',
              index: 0,
              delta: toolUse
                ? { type: 'input_json_delta', partial_json: piece }
                : { type: 'text_delta', text: piece },
            });
          }
          send('content_block_stop', { type: 'content_block_stop', index: 0 });
        }
        send('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: tokens(text) },
        });
        send('message_stop', { type: 'message_stop' });
        res.end();
      },
    },
    { ...options, basePath: '', defaultScript: defaultFakeScript },
  );
}
