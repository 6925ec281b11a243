/**
 * `/api/admin/*`: administration, for administrators with a session only (403 for everyone and
 * everything else, the role read from the database on every request). Users: list with usage,
 * role, disable or enable, delete with their data. Invitations, the sign-up mode and the server's
 * state: admin/settings-routes.ts. The CLI (`npm run summy -- admin|invite|user …`) calls the same
 * services (docs/decisions/077-administration-in-settings.md).
 */
import { createRoute } from '@hono/zod-openapi';
import { adminUserListSchema, setUserDisabledSchema, setUserRoleSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin.ts';
import { createRouter, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { listUsers } from '../../services/admin/list-users.ts';
import { deleteUser, setUserDisabled, setUserRole } from '../../services/admin/manage-users.ts';
import { adminErrorResponses, tags, userIdParam } from './responses.ts';
import { adminSettingsRoutes } from './settings-routes.ts';

/** `/api/admin` routes. */
export function adminRoutes(deps: AppDeps) {
  const {
    database: { db },
    storage,
  } = deps;
  const router = createRouter();
  router.use('*', adminOnly(db));
  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/users',
        tags,
        summary:
          'Every user, oldest first: name, e-mail, role, created, last seen, disabled, meetings, bytes stored',
        responses: { 200: jsonAnswer(adminUserListSchema, 'The users'), ...adminErrorResponses },
      }),
      async (c) => c.json({ users: await listUsers(db, storage) }, 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/users/{id}/role',
        tags,
        summary: 'Make the user an administrator or revoke it (never the last enabled one)',
        request: { params: userIdParam, body: jsonBody(setUserRoleSchema) },
        responses: { 204: { description: 'Changed' }, ...adminErrorResponses },
      }),
      async (c) => {
        await setUserRole(db, c.req.valid('param').id, c.req.valid('json').role);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/users/{id}/disabled',
        tags,
        summary:
          'Disable the user (sessions end at once, sign-in and API keys refused) or enable them again; never oneself or the last enabled administrator',
        request: { params: userIdParam, body: jsonBody(setUserDisabledSchema) },
        responses: { 204: { description: 'Changed' }, ...adminErrorResponses },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        await setUserDisabled(db, c.var.userId, id, c.req.valid('json').disabled);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/users/{id}',
        tags,
        summary:
          'Delete the user with all their data and stored recordings; never oneself or the last enabled administrator',
        request: { params: userIdParam },
        responses: { 204: { description: 'Deleted' }, ...adminErrorResponses },
      }),
      async (c) => {
        await deleteUser(db, storage, c.var.userId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .route('/', adminSettingsRoutes(deps));
}
