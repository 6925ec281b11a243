/**
 * `/api/contacts`: the contacts synced from Google: a searchable list, a lookup by e-mails for
 * attendee avatars, and 'sync now'. Owner-scoped. Without GOOGLE_CLIENT_ID/SECRET every route
 * answers 404, like `/api/google`.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  boundedText,
  CONTACT_LIMITS,
  contactListSchema,
  contactLookupQuerySchema,
  contactLookupSchema,
  contactSyncAnswerSchema,
  TEXT_LIMITS,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { GoogleNotConfiguredError } from '../../integrations/google/errors.ts';
import { createRouter, errorResponses, jsonAnswer } from '../../http/openapi.ts';
import { requestContactsSync } from '../../services/contacts/enqueue-contacts-sync.ts';
import { listContacts, lookupContacts } from '../../services/contacts/list-contacts.ts';

const tags = ['contacts'];

const listQuery = z.object({
  q: boundedText(TEXT_LIMITS.search)
    .optional()
    .openapi({ description: 'Only contacts whose name or e-mail contains this text' }),
  cursor: boundedText(TEXT_LIMITS.identifier).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONTACT_LIMITS.pageMax)
    .default(CONTACT_LIMITS.pageDefault),
});

/** `/api/contacts` routes. */
export function contactRoutes({ env, database: { db }, jobs }: AppDeps) {
  const router = createRouter();
  router.use('*', async (_c, next) => {
    if (!env.google) throw new GoogleNotConfiguredError();
    await next();
  });
  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: "The user's contacts by display name then e-mail (keyset pages, searchable)",
        request: { query: listQuery },
        responses: { 200: jsonAnswer(contactListSchema, 'A page of contacts'), ...errorResponses },
      }),
      async (c) => c.json(await listContacts(db, c.var.userId, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/lookup',
        tags,
        summary: 'The contacts among up to 100 e-mails (`?email=a&email=b`), for attendee avatars',
        request: { query: contactLookupQuerySchema },
        responses: { 200: jsonAnswer(contactLookupSchema, 'Contacts found'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          { contacts: await lookupContacts(db, c.var.userId, c.req.valid('query').email) },
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/sync',
        tags,
        summary:
          "Queue a sync of the user's contacts now (nothing new is queued while one is waiting)",
        responses: { 202: jsonAnswer(contactSyncAnswerSchema, 'Accepted'), ...errorResponses },
      }),
      async (c) => c.json(await requestContactsSync(jobs, c.var.userId), 202),
    );
}
