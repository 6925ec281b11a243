/**
 * `Cache-Control: no-store` on every /api answer that does not set its own: meetings, contacts,
 * accounts and errors are one user's data, which neither the browser's disk cache nor a shared
 * proxy may keep (a signed-out user's meetings would stay readable from the cache). Routes that
 * cache on purpose set the header themselves and keep it: signed audio URLs (`private, max-age`
 * until the signature expires). The web app's static files are outside /api.
 */
import type { MiddlewareHandler } from 'hono';

/** The middleware; mount it on `/api/*` before the routes. */
export function noStoreApi(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  };
}
