/**
 * Shared plumbing of the fake LLM vendors: a loopback HTTP server that records every request,
 * answers through a route handler, and can be told to fail the way vendors fail (401, 429, 500,
 * or never answering). Used by the contract suite and the integration tests only.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readBody, sendJson } from '../loopback-http.ts';

export { sendJson };

/**
 * How a fake fails instead of answering: 401, 429 (with retry-after), 500, 400 'prompt too long'
 * (not retried by clients), no answer at all, or an empty answer.
 */
export type FakeFailure =
  'unauthorized' | 'rate_limited' | 'server_error' | 'too_long' | 'hang' | 'empty';

/** What a scripted answer sees of a request, the same for every vendor protocol. */
export interface FakeLlmRequest {
  /** Which vendor endpoint was called. */
  endpoint: 'anthropic.messages' | 'openai.chat' | 'openai.responses';
  model: string;
  /** System instructions, joined. */
  system: string;
  /** The text of all user messages, joined. */
  prompt: string;
  /** True when the client asked for JSON (structured output, JSON mode or a forced tool). */
  wantsJson: boolean;
  /** Whether the answer is streamed. */
  stream: boolean;
  /** The raw JSON body, for assertions. */
  body: any;
}

/** Answers a request with the model's text (JSON text when `wantsJson`). */
export type FakeScript = (request: FakeLlmRequest) => string | Promise<string>;

/** A recorded request: path, headers (lowercased names) and parsed JSON body. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A running fake vendor. */
export interface FakeVendor {
  /** Base URL to configure Summy with (ANTHROPIC_BASE_URL, OPENAI_BASE_URL, …). */
  url: string;
  /** The API key the fake accepts. */
  apiKey: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Replaces the scripted answer. */
  setScript(script: FakeScript): void;
  /** Fails the next `times` requests (default: every request until cleared with `undefined`). */
  fail(mode: FakeFailure | undefined, times?: number): void;
  close(): Promise<void>;
}

/** What a protocol handler knows about the fake's state for one request. */
export interface FakeContext {
  apiKey: string;
  /** Known models, or undefined for any. */
  models: ReadonlySet<string> | undefined;
  script: FakeScript;
  /** The failure to answer with instead of the script ('hang' never reaches the handler). */
  failure: Exclude<FakeFailure, 'hang'> | undefined;
  /** Seconds for the `retry-after` header of a 429. */
  retryAfterSeconds: number;
  /** Headers of a 500: `retry-after` when the fake was started with `serverErrorRetryAfterSeconds`. */
  serverErrorHeaders: Record<string, string>;
  /** Pause between streamed pieces, in ms, as a model generating tokens takes time. */
  streamDelayMs: number;
}

/** What a protocol module gives the shared server. */
export interface FakeProtocol {
  /** Answers one request; `failure` is the pending failure, already applied for 'hang'. */
  handle(req: RecordedRequest, res: ServerResponse, ctx: FakeContext): Promise<void>;
}

/** Options shared by the fakes. */
export interface FakeVendorOptions {
  /** The key the fake accepts (default 'test-key'). */
  apiKey?: string;
  /** Models the fake knows; others answer 404 like the vendor (default: any model). */
  models?: string[];
  /** The scripted answer (default: a canned answer per task, see scripts.ts). */
  script?: FakeScript;
  /** Seconds sent in `retry-after` with a 429 (default 0, so clients retry at once in tests). */
  retryAfterSeconds?: number;
  /**
   * Seconds sent in `retry-after` with a 500 (default: no header, as the vendors send none, so
   * clients back off on their own: the AI SDK waits 2 s, then 4 s). 0 makes a test that only needs
   * the retries to run out wait for none of that.
   */
  serverErrorRetryAfterSeconds?: number;
  /** Pause between streamed pieces, in ms (default 0). */
  streamDelayMs?: number;
}

/** Starts an SSE answer. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
}

/** Splits a text into a few stream deltas (word groups), as vendors stream tokens. */
export function deltas(text: string): string[] {
  const parts = text.match(/\S+\s*|\s+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 3) out.push(parts.slice(i, i + 3).join(''));
  return out.length ? out : [''];
}

/** Waits between streamed pieces (nothing when `ms` is 0). */
export function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}

/** Starts a fake on a free loopback port. `basePath` is appended to the URL ('/v1' for OpenAI). */
export async function startFakeServer(
  protocol: FakeProtocol,
  options: FakeVendorOptions & { basePath: string; defaultScript: FakeScript },
): Promise<FakeVendor> {
  const apiKey = options.apiKey ?? 'test-key';
  const models = options.models ? new Set(options.models) : undefined;
  let script = options.script ?? options.defaultScript;
  let failure: { mode: FakeFailure; left: number } | undefined;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer(async (req, res) => {
    try {
      const text = (await readBody(req)).toString('utf8');
      let body: any = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').split('?')[0]!,
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      let mode: FakeFailure | undefined;
      if (failure && failure.left > 0) {
        mode = failure.mode;
        failure.left -= 1;
      }
      // A hung vendor: accept the request and never answer (the client's time-out must act).
      if (mode === 'hang') return;
      await protocol.handle(recorded, res, {
        apiKey,
        models,
        script,
        failure: mode,
        retryAfterSeconds: options.retryAfterSeconds ?? 0,
        serverErrorHeaders:
          options.serverErrorRetryAfterSeconds === undefined
            ? {}
            : { 'retry-after': String(options.serverErrorRetryAfterSeconds) },
        streamDelayMs: options.streamDelayMs ?? 0,
      });
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(err) } });
      else res.end();
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.basePath}`,
    apiKey,
    requests,
    setScript(next) {
      script = next;
    },
    fail(mode, times = Number.POSITIVE_INFINITY) {
      failure = mode ? { mode, left: times } : undefined;
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      });
    },
  };
}

/** Text of a message content that is a string or a list of content parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((p: any) => (typeof p === 'string' ? p : typeof p?.text === 'string' ? p.text : ''))
      .filter(Boolean)
      .join('\n');
  }
  return '';
}
