/**
 * `/api/api-keys`: the signed-in user's personal API keys: list, create (the key is answered this
 * once), revoke. Only with a session: a request made with an API key answers 403 here, so a
 * leaked key cannot mint others.
 */
import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { ForbiddenError } from '../../errors/app-errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter, errorResponses, idParam, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from '../../services/api-keys/manage-api-keys.ts';

const tags = ['api-keys'];

const sessionOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.apiKey) throw new ForbiddenError('API keys are managed in Settings, signed in');
  await next();
};

/** `/api/api-keys` routes. */
export function apiKeyRoutes({ database: { db } }: AppDeps) {
  const router = createRouter();
  router.use('*', sessionOnly);
  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: "The user's API keys, newest first (name, scope, first characters, last use)",
        responses: { 200: jsonAnswer(apiKeyListSchema, 'The keys'), ...errorResponses },
      }),
      async (c) => c.json({ keys: await listApiKeys(db, c.var.userId) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary:
          'Create a key (scope `read`: GET requests only; `read-write`). The answer holds the key, shown only this once; at most 20 keys',
        request: { body: jsonBody(createApiKeySchema) },
        responses: { 201: jsonAnswer(createdApiKeySchema, 'The new key'), ...errorResponses },
      }),
      async (c) => c.json(await createApiKey(db, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: 'Revoke a key: requests with it answer 401 from now on',
        request: { params: idParam },
        responses: { 204: { description: 'Revoked' }, ...errorResponses },
      }),
      async (c) => {
        await revokeApiKey(db, c.var.userId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
