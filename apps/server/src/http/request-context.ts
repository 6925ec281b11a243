/**
 * Request ids and access lines. Every request gets an id, answered in `X-Request-Id`: the
 * client's own when it is sane (1 to 64 characters of letters, digits, `.`, `_`, `-`; a proxy in
 * front may have set it, and its logs then match ours), else a new UUID. Every log line written
 * while the request is handled carries it as `reqId`, and one `request` line at info level records
 * its method, path (without the query string, which may hold tokens), status and duration. The web
 * app's own files (its scripts, styles, icons, service worker, and index.html for its routes) are
 * most requests of a page load and say little: their lines are at debug.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { log, withLogContext } from '../log.ts';
import type { AppEnv } from './context.ts';

/** Header that carries a request's id, in and out. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request id to use for an incoming `X-Request-Id` value: itself when sane, else a new UUID. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Middleware, first of the app: sets the request id (answer header and log context) and writes
 * the access line once the answer is ready (for a stream: when it starts). Errors reach the app's
 * onError inside it, so their log lines carry the id too.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const reqId = requestIdFor(c.req.header(REQUEST_ID_HEADER));
    const started = performance.now();
    c.header(REQUEST_ID_HEADER, reqId);
    await withLogContext({ reqId }, async () => {
      await next();
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const level = c.get('webFile') ? 'debug' : 'info';
      log[level](
        { method: c.req.method, path: c.req.path, status: c.res.status, durationMs },
        'request',
      );
    });
  };
}
