/**
 * `POST /api/chat/stream`: asks the meeting assistant and reads its answer as Server-Sent Events
 * (`citations`, then `delta`s, then `done` or `error`; see `ChatStreamEvent` in @summy/core). The
 * body is content, context, provider and model, as for `POST /api/chat`;
 * docs/product.md#errors-and-messages has the errors the panel shows.
 */
import {
  chatAnswerSchema,
  chatCitationSchema,
  readApiError,
  type ChatRequest,
  type ChatStreamEvent,
} from '@summy/core';
import { ApiRequestError } from '@/lib/api-client';
import { readSse } from '../utils/sse';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const citationsSchema = chatCitationSchema.array();

/**
 * Turns one SSE message into a typed event; anything malformed or unknown answers undefined and
 * is skipped, so a server adding event types does not break older pages.
 */
export function toChatStreamEvent(event: string, data: string): ChatStreamEvent | undefined {
  const body = parseJson(data) as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return undefined;
  switch (event) {
    case 'citations': {
      const citations = citationsSchema.safeParse(body.citations);
      return citations.success
        ? { event: 'citations', data: { citations: citations.data } }
        : undefined;
    }
    case 'waiting':
      return typeof body.position === 'number' && typeof body.notes === 'boolean'
        ? { event: 'waiting', data: { position: body.position, notes: body.notes } }
        : undefined;
    case 'delta':
      return typeof body.text === 'string'
        ? { event: 'delta', data: { text: body.text } }
        : undefined;
    case 'done': {
      const answer = chatAnswerSchema.safeParse(body);
      return answer.success ? { event: 'done', data: answer.data } : undefined;
    }
    case 'error': {
      const { error, details } = readApiError(body, 500);
      return { event: 'error', data: { error, details } };
    }
    default:
      return undefined;
  }
}

/**
 * Sends a question and yields the answer's events as they arrive.
 *
 * @throws ApiRequestError with the server's `{error, details}` and its status when it refuses
 *   before streaming (400 invalid question, 401, 404 for a meeting that is not the user's, 5xx);
 *   with status 0 when the server cannot be reached or the connection drops mid-answer
 * @throws DOMException `AbortError` when `signal` aborts (the Stop button)
 */
export async function* streamChat(
  request: ChatRequest,
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  let response: Response;
  try {
    response = await fetch('/api/chat/stream', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(request),
      signal,
    });
  } catch (cause) {
    throw toStreamError(cause, signal);
  }

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const { error, details } = readApiError(parseJson(text), response.status);
    throw new ApiRequestError(error, response.status, details);
  }

  // A server (or proxy) that answered the whole thing as JSON: one `done`.
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const event = toChatStreamEvent('done', await response.text());
    if (event) yield event;
    return;
  }
  if (!response.body) throw new ApiRequestError('Network error', 0, 'The answer had no body');

  try {
    for await (const message of readSse(response.body)) {
      const event = toChatStreamEvent(message.event, message.data);
      if (event) yield event;
    }
  } catch (cause) {
    throw toStreamError(cause, signal);
  }
}

function toStreamError(cause: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted || (cause instanceof DOMException && cause.name === 'AbortError')) {
    return cause instanceof DOMException && cause.name === 'AbortError'
      ? cause
      : new DOMException('The request was aborted', 'AbortError');
  }
  if (cause instanceof ApiRequestError) return cause;
  return new ApiRequestError(
    'Network error',
    0,
    cause instanceof Error ? cause.message : String(cause),
  );
}
