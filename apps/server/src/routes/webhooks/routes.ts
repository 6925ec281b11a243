/**
 * `/api/webhooks`: the signed-in user's webhook endpoints: list, create (the signing secret is
 * answered this once), change events or switch off, delete, the delivery log, and a test ping.
 * With a session or an API key (a read key may only list). docs/self-hosting.md#webhooks.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  createdWebhookSchema,
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
  webhookTestQueuedSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { sendTestWebhook } from '../../services/webhooks/enqueue-webhook-event.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  updateWebhook,
} from '../../services/webhooks/manage-webhooks.ts';

const tags = ['webhooks'];

/** The router these routes are added to. */
type Router = ReturnType<typeof createRouter>;

/** `/api/webhooks` routes. */
export function webhookRoutes(deps: AppDeps) {
  const router = createRouter();
  webhookRecordRoutes(router, deps);
  webhookDeliveryRoutes(router, deps);
  return router;
}

/** List, create, update and delete webhooks. */
function webhookRecordRoutes(router: Router, deps: AppDeps): void {
  const { db } = deps.database;
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary:
          "The user's webhook endpoints, newest first (URL, events, on or off; never the secret)",
        responses: { 200: jsonAnswer(webhookListSchema, 'The endpoints'), ...errorResponses },
      }),
      async (c) => c.json({ webhooks: await listWebhooks(db, c.var.userId) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary:
          'Add an endpoint for some events. The answer holds its signing secret (whsec_…), shown only this once. 400 for a URL that is not public https, unless WEBHOOKS_ALLOW_PRIVATE_HOSTS; at most 10 endpoints',
        request: { body: jsonBody(createWebhookSchema) },
        responses: { 201: jsonAnswer(createdWebhookSchema, 'The new endpoint'), ...errorResponses },
      }),
      async (c) => c.json(await createWebhook(deps, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/{id}',
        tags,
        summary: 'Change an endpoint’s events, or switch it off or on',
        request: { params: idParam, body: jsonBody(updateWebhookSchema) },
        responses: { 200: jsonAnswer(webhookSchema, 'The endpoint'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await updateWebhook(db, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: 'Delete an endpoint and its delivery log; queued deliveries are dropped',
        request: { params: idParam },
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      async (c) => {
        await deleteWebhook(db, c.var.userId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}

/** A webhook's deliveries, and a test delivery. */
function webhookDeliveryRoutes(router: Router, deps: AppDeps): void {
  const { db } = deps.database;
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/deliveries',
        tags,
        summary:
          'An endpoint’s delivery log, newest first (the last 50): event, status, tries, last HTTP status and error',
        request: { params: idParam },
        responses: {
          200: jsonAnswer(webhookDeliveryListSchema, 'The deliveries'),
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json(
          {
            deliveries: await listWebhookDeliveries(db, c.var.userId, c.req.valid('param').id),
          },
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/test',
        tags,
        summary: 'Queue a `webhook.test` event to this endpoint (even when switched off)',
        request: { params: idParam },
        responses: {
          202: jsonAnswer(webhookTestQueuedSchema, 'Queued'),
          ...errorResponses,
        },
      }),
      async (c) => c.json(await sendTestWebhook(deps, c.var.userId, c.req.valid('param').id), 202),
    );
}
