/**
 * Request body limits of every non-upload route, with Hono's `bodyLimit` middleware
 * (https://hono.dev/docs/middleware/builtin/body-limit): a declared Content-Length over the limit
 * answers 413 before a byte of the body is read; a chunked body is read only up to the limit, then
 * answered 413. Limits (bytes) are core's `BODY_LIMITS`: 256 KiB by default (including the
 * unauthenticated /api/auth/*), 1 MiB for chat questions with their
 * history and for My notes, 8 MiB for routes that
 * carry a transcript. Upload routes keep their own limits.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BODY_LIMITS } from '@summy/core';
import type { AppEnv } from './context.ts';
import { PayloadTooLargeError } from '../errors/app-errors.ts';

/** Which limit a route's body gets: `upload` routes are left to their own limits. */
export type BodyKind = 'upload' | keyof typeof BODY_LIMITS;

const ID = '[^/]+';
const RULES: { method: string | null; path: RegExp; kind: BodyKind }[] = [
  // Uploads stream their bodies with limits of their own (100 MB files, 10 MB chunks, 15 MB).
  { method: 'POST', path: /^\/api\/meetings\/upload\/?$/, kind: 'upload' },
  { method: 'POST', path: new RegExp(`^/api/meetings/${ID}/audio/?$`), kind: 'upload' },
  { method: null, path: /^\/api\/uploads(\/.*)?$/, kind: 'upload' },
  { method: 'POST', path: /^\/api\/transcribe\/?$/, kind: 'upload' },
  // Bodies that carry a transcript (up to 2,000,000 characters).
  { method: 'POST', path: /^\/api\/meetings\/?$/, kind: 'transcript' },
  { method: 'PATCH', path: new RegExp(`^/api/meetings/${ID}/?$`), kind: 'transcript' },
  // A turn's text and the text it replaces (a turn may be a whole monologue).
  {
    method: 'PATCH',
    path: new RegExp(`^/api/meetings/${ID}/transcript/turns/${ID}/?$`),
    kind: 'transcript',
  },
  {
    method: 'POST',
    path: /^\/api\/(summary|action-items|enhance-speakers)\/?$/,
    kind: 'transcript',
  },
  // A question with up to 40 earlier turns of 20,000 characters.
  { method: 'POST', path: /^\/api\/chat(\/stream)?\/?$/, kind: 'chat' },
  // My notes: 100,000 characters (up to 4 bytes each in UTF-8/JSON) in up to 2,000 blocks.
  { method: 'PUT', path: new RegExp(`^/api/meetings/${ID}/notes/?$`), kind: 'chat' },
];

/** The body limit kind of a request, by method and path (e.g. `('PATCH', '/api/meetings/x')`). */
export function bodyKind(method: string, path: string): BodyKind {
  for (const rule of RULES) {
    if ((rule.method === null || rule.method === method) && rule.path.test(path)) return rule.kind;
  }
  return 'default';
}

/**
 * Middleware for /api/*: applies the route's body limit, answering 413 `{error: 'Request too
 * large', details}` (PayloadTooLargeError) past it. Mount before anything that reads the body,
 * Better Auth included.
 */
export function requestBodyLimit(): MiddlewareHandler<AppEnv> {
  const limiter = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The unread rest of the body makes the connection useless: no client may reuse it.
        c.header('Connection', 'close');
        throw new PayloadTooLargeError(maxSize);
      },
    });
  const limiters = {
    default: limiter(BODY_LIMITS.default),
    chat: limiter(BODY_LIMITS.chat),
    transcript: limiter(BODY_LIMITS.transcript),
  };
  return async (c, next) => {
    const kind = bodyKind(c.req.method, c.req.path);
    if (kind === 'upload') return next();
    return limiters[kind](c, next);
  };
}
