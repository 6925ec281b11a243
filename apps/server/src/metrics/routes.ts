/**
 * `GET /metrics`: Prometheus's text format (prom-client), for a web server and for a process that
 * only works jobs alike. It needs no session: METRICS_TOKEN or a loopback peer decides
 * (metrics/access.ts). docs/decisions/060-metrics.md; docs/self-hosting.md#metrics.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import type { PgBoss } from 'pg-boss';
import { Gauge, Registry } from 'prom-client';
import type { Env } from '../env.ts';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../errors/app-errors.ts';
import { handleError } from '../http/handle-error.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { metricsAccess } from './access.ts';
// Every process metric is listed from the first scrape, even one no code of this process reached.
import './definitions.ts';
import { METRICS_PATH } from './http.ts';
import { addQueueDepthGauge } from './jobs.ts';
import { processRegistry, startDefaultMetrics } from './registry.ts';

/**
 * What a process's `/metrics` reads at scrape time: its job system (queue depths) and, in a web
 * process, its realtime hub (open event streams). Either may be absent.
 */
export interface MetricsDeps {
  jobs?: { boss: Pick<PgBoss, 'getQueues'> };
  realtime?: Pick<RealtimeHub, 'size'>;
}

// This server's scrape-time gauges; the process-wide metrics are shared by every server.
function serverRegistry(deps: MetricsDeps): Registry {
  const registry = new Registry();
  if (deps.jobs) addQueueDepthGauge(registry, deps.jobs.boss);
  const hub = deps.realtime;
  if (hub) {
    new Gauge({
      name: 'summy_sse_connections',
      help: 'Open event streams (GET /api/events) of this process',
      registers: [registry],
      collect() {
        this.set(hub.size());
      },
    });
  }
  return registry;
}

// The TCP peer; undefined off @hono/node-server (app.request in a unit test).
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The metrics route as a small app to mount at the root (`app.route('/', metricsRoutes(env,
 * deps))`), before any fallback route. `GET /metrics` answers:
 * - 200 `text/plain; version=0.0.4` with every metric (Prometheus text exposition format);
 * - 404 `{error, details: 'Route not found'}`, as an unknown route, when METRICS_ENABLED is false;
 * - 401 (with `WWW-Authenticate: Bearer`) when METRICS_TOKEN is set and not sent as
 *   `Authorization: Bearer <token>`;
 * - 403 when no token is set and the peer is not a loopback address.
 * Starts the process default metrics when enabled (once per process).
 */
export function metricsRoutes(env: Pick<Env, 'metrics'>, deps: MetricsDeps): Hono {
  const app = new Hono();
  // Its own error answers, so a process without the full app (a jobs worker) answers the same.
  app.onError(handleError);
  const { enabled, token } = env.metrics;
  if (enabled) startDefaultMetrics();
  // Merged once: the registries share the metric objects, so values stay live.
  const registry = enabled ? Registry.merge([processRegistry, serverRegistry(deps)]) : undefined;
  app.get(METRICS_PATH, async (c) => {
    if (!registry) throw new NotFoundError('Route');
    const access = metricsAccess(
      { authorization: c.req.header('authorization'), remoteAddress: socketAddress(c) },
      token,
    );
    if (access === 'unauthorized') {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new UnauthenticatedError('Send METRICS_TOKEN as Authorization: Bearer <token>');
    }
    if (access === 'forbidden') {
      throw new ForbiddenError('Without METRICS_TOKEN only this machine may read /metrics');
    }
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', registry.contentType);
    return c.body(await registry.metrics(), 200);
  });
  return app;
}
