/**
 * Public system routes: `GET /api/health` (database kind and migration state) and
 * `GET /api/config` (what the sign-in screen may offer).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { knownMigrations } from '@summy/db';
import { publicConfigSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, jsonAnswer } from '../../http/openapi.ts';
import { oidcReady } from '../../services/auth/oidc.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /** SUMMY_ROLE of the process that answered. */
  role: z.enum(['all', 'web', 'worker']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.object({ applied: z.array(z.string()), pending: z.array(z.string()) }),
  }),
  /** `queues`: every queue; `working`: those this process works (none on a web process). */
  jobs: z.object({ queues: z.array(z.string()), working: z.array(z.string()) }),
});

/**
 * `GET /api/health`: 200 `{status: 'ok', role, database: {kind, migrations}, jobs: {queues,
 * working}}`, or 503 with status 'degraded' while migrations are pending. Served by every role.
 * @param working the queues this process works (jobs/registry.ts `startWorkers`)
 */
export function healthRoutes({ database, env, jobs }: AppDeps, working: readonly string[] = []) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['system'],
      summary: 'Liveness with the database kind, migration state and job queues',
      responses: {
        200: jsonAnswer(healthSchema, 'Healthy'),
        503: jsonAnswer(healthSchema, 'Database unreachable or migrations pending'),
      },
    }),
    async (c) => {
      const [applied, known, queues] = await Promise.all([
        database.appliedMigrations(),
        knownMigrations(),
        jobs.boss.getQueues(),
      ]);
      const pending = known.filter((m) => !applied.includes(m));
      const ok = pending.length === 0;
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        role: env.process.role,
        database: { kind: database.kind, migrations: { applied, pending } },
        jobs: { queues: queues.map((q) => q.name).sort(), working: [...working].sort() },
      };
      return ok ? c.json(body, 200) : c.json(body, 503);
    },
  );
}

/**
 * `/api/health` (see {@link healthRoutes}) and `GET /api/config` (what the sign-in screen may
 * offer: `{googleEnabled, linearEnabled, oidc}`; `oidc` once Better Auth found the provider).
 */
export function systemRoutes(deps: AppDeps, working: readonly string[] = []) {
  const { env } = deps;
  return healthRoutes(deps, working).openapi(
    createRoute({
      method: 'get',
      path: '/config',
      tags: ['system'],
      summary: 'Public configuration for the sign-in screen',
      responses: { 200: jsonAnswer(publicConfigSchema, 'Configuration') },
    }),
    // The OpenID Connect button only once discovery found the provider (else it would fail).
    async (c) =>
      c.json(
        {
          googleEnabled: Boolean(env.google),
          linearEnabled: Boolean(env.linear),
          oidc: env.oidc && (await oidcReady(deps.auth)) ? { label: env.oidc.buttonLabel } : null,
        },
        200,
      ),
  );
}
