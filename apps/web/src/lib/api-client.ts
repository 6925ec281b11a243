/**
 * The one way the web app calls Summy's own API: same origin, session cookie included, and every
 * failure turned into an {@link ApiRequestError} carrying the documented `{error, details}`
 * wording.
 */
import { readApiError } from '@summy/core';

/** A failed API call; `message` is the server's `error`, safe to show to a person. */
export class ApiRequestError extends Error {
  /** HTTP status, or 0 when the request never got an answer (offline, server down). */
  readonly status: number;
  /** The server's `details`, for logs and secondary text. */
  readonly details: string;

  constructor(message: string, status: number, details: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.details = details;
  }
}

/** A schema-like validator: anything with zod's `parse`, so fetchers can check answers at the edge. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** Options of {@link apiFetch}; `json` is sent as the request body with the JSON content type. */
export interface ApiFetchOptions extends Omit<RequestInit, 'body'> {
  json?: unknown;
  body?: BodyInit | null;
}

/**
 * Calls `/api{path}` and returns the parsed JSON answer. Pass a zod schema so a server that drifted
 * from the contract fails loudly here rather than deep inside a component.
 */
export async function apiFetch<T>(
  path: string,
  parser?: Parser<T>,
  options: ApiFetchOptions = {},
): Promise<T> {
  const { json, headers, ...init } = options;
  const finalHeaders = new Headers(headers);
  finalHeaders.set('Accept', 'application/json');
  if (json !== undefined) finalHeaders.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      headers: finalHeaders,
      credentials: 'include',
      body: json !== undefined ? JSON.stringify(json) : init.body,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiRequestError(
      'Network error',
      0,
      cause instanceof Error ? cause.message : String(cause),
    );
  }

  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    const { error, details } = readApiError(body, response.status);
    throw new ApiRequestError(error, response.status, details);
  }
  return parser ? parser.parse(body) : (body as T);
}
