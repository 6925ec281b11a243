/**
 * Public system routes: `GET /api/health` (database kind and migration state) and
 * `GET /api/config` (what the sign-in screen may offer).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { knownMigrations } from '@summy/db';
import { publicConfigSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, jsonAnswer } from '../../http/openapi.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.object({ applied: z.array(z.string()), pending: z.array(z.string()) }),
  }),
  jobs: z.object({ queues: z.array(z.string()) }),
});

/** `/api/health` and `/api/config`. */
export function systemRoutes({ database, env, jobs }: AppDeps) {
  return createRouter()
    .openapi(
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
          database: { kind: database.kind, migrations: { applied, pending } },
          jobs: { queues: queues.map((q) => q.name).sort() },
        };
        return ok ? c.json(body, 200) : c.json(body, 503);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/config',
        tags: ['system'],
        summary: 'Public configuration for the sign-in screen',
        responses: { 200: jsonAnswer(publicConfigSchema, 'Configuration') },
      }),
      (c) =>
        c.json({ googleEnabled: Boolean(env.google), linearEnabled: Boolean(env.linear) }, 200),
    );
}
