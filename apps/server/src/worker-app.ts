/**
 * The HTTP application of a worker process (SUMMY_ROLE=worker): `GET /api/health` for the load
 * balancer's and the orchestrator's checks, `GET /metrics` when enabled, and 404 for everything
 * else. A worker holds no sessions and serves no user data. docs/decisions/063-process-roles.md.
 */
import { Hono } from 'hono';
import type { AppDeps } from './deps.ts';
import { NotFoundError } from './errors/app-errors.ts';
import type { AppEnv } from './http/context.ts';
import { handleError } from './http/handle-error.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { httpMetrics } from './metrics/http.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { healthRoutes } from './routes/system/routes.ts';

/**
 * Creates a worker process's application.
 * @param working the queues this process works, which `/api/health` lists
 * @returns a Hono app answering `/api/health` (200 or 503, see routes/system/routes.ts),
 *   `/metrics` (metrics/routes.ts), and 404 in the API's error shape (details 'Route not found') otherwise
 */
export function createWorkerApp(deps: AppDeps, working: readonly string[]) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', requestContext());
  app.use('*', httpMetrics(deps.env.metrics));
  app.use('*', securityHeaders(deps.env));
  app.route('/api', healthRoutes(deps, working));
  app.route('/', metricsRoutes(deps.env, deps));
  app.all('*', () => {
    throw new NotFoundError('Route');
  });
  return app;
}
