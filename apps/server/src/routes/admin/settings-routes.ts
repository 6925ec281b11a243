/**
 * `/api/admin/invites`, `/api/admin/signup` and `/api/admin/server`: invitations (add, revoke),
 * the sign-up mode (stored server-wide, overriding SIGNUP) and the server's state. Mounted by
 * admin/routes.ts behind its administrators-only guard.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  adminInviteListSchema,
  adminInviteSchema,
  createInviteSchema,
  serverStateSchema,
  setSignupModeSchema,
  signupSettingSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { readServerState } from '../../services/admin/server-state.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import {
  addInvite,
  getSignupMode,
  listInvitations,
  removeInvite,
  setSignupMode,
} from '../../services/auth/signup-policy.ts';
import { adminErrorResponses, inviteEmailParam, tags } from './responses.ts';

/** Invitations, sign-up mode and server state routes (no guard of their own). */
export function adminSettingsRoutes(deps: AppDeps) {
  return inviteRoutes(deps).route('/', signupAndServerRoutes(deps));
}

/** The invitation routes. */
function inviteRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/invites',
        tags,
        summary: 'The invited e-mail addresses, oldest first',
        responses: {
          200: jsonAnswer(adminInviteListSchema, 'Invitations'),
          ...adminErrorResponses,
        },
      }),
      async (c) => {
        const rows = await listInvitations(db);
        const invites = rows.map((r) => ({ email: r.email, createdAt: r.createdAt.toISOString() }));
        return c.json({ invites }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/invites',
        tags,
        summary: 'Invite an e-mail address (idempotent); it may sign up while the mode is invite',
        request: { body: jsonBody(createInviteSchema) },
        responses: { 201: jsonAnswer(adminInviteSchema, 'Invited'), ...adminErrorResponses },
      }),
      async (c) => {
        const invite = await addInvite(db, c.req.valid('json').email);
        return c.json({ ...invite, createdAt: invite.createdAt.toISOString() }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/invites/{email}',
        tags,
        summary: 'Revoke an invitation',
        request: { params: inviteEmailParam },
        responses: { 204: { description: 'Revoked' }, ...adminErrorResponses },
      }),
      async (c) => {
        if (!(await removeInvite(db, c.req.valid('param').email))) {
          throw new NotFoundError('Invitation');
        }
        return c.body(null, 204);
      },
    );
}

/** The sign-up mode and server state routes. */
function signupAndServerRoutes(deps: AppDeps) {
  const {
    env,
    database: { db },
  } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/signup',
        tags,
        summary:
          'The sign-up mode in force (open, invite, closed) and whether Settings or SIGNUP set it',
        responses: { 200: jsonAnswer(signupSettingSchema, 'Sign-up mode'), ...adminErrorResponses },
      }),
      async (c) => c.json(await getSignupMode(db, env.signup), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/signup',
        tags,
        summary: 'Set the sign-up mode server-wide; it overrides SIGNUP from now on',
        request: { body: jsonBody(setSignupModeSchema) },
        responses: { 200: jsonAnswer(signupSettingSchema, 'Sign-up mode'), ...adminErrorResponses },
      }),
      async (c) => {
        await setSignupMode(db, c.req.valid('json').mode);
        return c.json(await getSignupMode(db, env.signup), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/server',
        tags,
        summary: 'Version, database, storage, job queues and installed models',
        responses: { 200: jsonAnswer(serverStateSchema, 'Server state'), ...adminErrorResponses },
      }),
      async (c) => c.json(await readServerState(deps), 200),
    );
}
