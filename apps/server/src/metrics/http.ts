/**
 * The HTTP request histogram's middleware: times every request and labels it with the route
 * pattern that answered it (Hono's matched route, `hono/route`), so `/api/meetings/3f2…` counts as
 * `/api/meetings/:id`. docs/decisions/060-metrics.md.
 */
import { performance } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { MetricsSettings } from '../env-metrics.ts';
import { httpRequestDuration } from './definitions.ts';

/** Path of the metrics route; its own scrapes are not counted. */
export const METRICS_PATH = '/metrics';

// Node's parser takes a few dozen methods; anything unusual shares one label value.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** '2xx' for 204: the status class of an HTTP status code. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/**
 * Middleware, right after the request context: observes each request's duration (seconds until
 * the answer starts) in `summy_http_request_duration_seconds` by method, route pattern and status
 * class. The pattern is that of the handler that answered: a middleware that answered early (a 401
 * of the session check) gives its own ('/api/*'); the web app's fallback gives '*'. `/metrics`
 * is left out. When metrics are off it only passes the request on.
 */
export function httpMetrics(settings: Pick<MetricsSettings, 'enabled'>): MiddlewareHandler {
  if (!settings.enabled) return (_c, next) => next();
  return async (c, next) => {
    const started = performance.now();
    await next();
    const route = routePath(c) || 'unmatched';
    if (route === METRICS_PATH) return;
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    httpRequestDuration.observe(
      { method, route, status: statusClass(c.res.status) },
      (performance.now() - started) / 1000,
    );
  };
}
