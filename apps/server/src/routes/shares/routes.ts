/**
 * Share links, owner side: `/api/meetings/{id}/shares` (a meeting's links: list, create) and
 * `/api/shares` (all of the user's links: list, revoke). Behind the session like the rest of the
 * data API; another user's link or meeting answers 404.
 */
import { createRoute } from '@hono/zod-openapi';
import { createdShareLinkSchema, createShareLinkSchema, shareLinkListSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { createShareLink } from '../../services/shares/create-share-link.ts';
import { listShareLinks } from '../../services/shares/list-share-links.ts';
import { revokeShareLink } from '../../services/shares/revoke-share-link.ts';
import { meetingViewerRoutes, sharedWithMeRoutes } from './viewer-routes.ts';

const tags = ['shares'];

/** `/api/meetings/{id}/shares`: a meeting's share links. */
export function meetingShareRoutes({ database: { db } }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/shares',
        tags,
        summary:
          "The meeting's share links that are not revoked, newest first (never their tokens)",
        request: { params: idParam },
        responses: { 200: jsonAnswer(shareLinkListSchema, 'The links'), ...errorResponses },
      }),
      async (c) =>
        c.json({ links: await listShareLinks(db, c.var.userId, c.req.valid('param').id) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/shares',
        tags,
        summary:
          'Make a read-only link `/s/{token}` showing the chosen parts (My notes only when `parts.notes`), expiring never, in 7 or in 30 days, optionally with a password. The token is answered this once',
        request: { params: idParam, body: jsonBody(createShareLinkSchema) },
        responses: { 201: jsonAnswer(createdShareLinkSchema, 'The new link'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await createShareLink(db, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
    );
}

/**
 * The sharing routers: `/meetings/{id}/shares`, `/meetings/{id}/viewers`, `/shares` and
 * `/shared-with-me`, mounted at `/api` behind the session.
 */
export function shareRoutes(deps: AppDeps) {
  return createRouter()
    .route('/meetings', meetingShareRoutes(deps))
    .route('/meetings', meetingViewerRoutes(deps))
    .route('/shares', userShareRoutes(deps))
    .route('/shared-with-me', sharedWithMeRoutes(deps));
}

/** `/api/shares`: all of the user's share links. */
export function userShareRoutes({ database: { db } }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: "All of the user's share links that are not revoked, newest first",
        responses: { 200: jsonAnswer(shareLinkListSchema, 'The links'), ...errorResponses },
      }),
      async (c) => c.json({ links: await listShareLinks(db, c.var.userId) }, 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: 'Revoke a link: its page answers 404 from now on, like an unknown one',
        request: { params: idParam },
        responses: { 204: { description: 'Revoked' }, ...errorResponses },
      }),
      async (c) => {
        await revokeShareLink(db, c.var.userId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
