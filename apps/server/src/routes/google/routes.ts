/**
 * `/api/google/*`: the Google connection and linked accounts. Answers never carry a token
 * (docs/decisions/017): refreshes answer the new expiry only. Without GOOGLE_CLIENT_ID/SECRET every
 * route answers 404.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  addGoogleAccountSchema,
  googleAccountMeetingsSchema,
  googleAccountRemovedSchema,
  googleAccountSchema,
  googleRefreshAnswerSchema,
  googleStatusSchema,
  googleTokenBodySchema,
  refreshLinkedAccountSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { GoogleNotConfiguredError } from '../../integrations/google/errors.ts';
import { createRouter, errorResponses, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import {
  countGoogleAccountMeetings,
  disconnectGoogle,
  googleStatus,
  linkGoogleAccountByCode,
  listGoogleAccounts,
  removeGoogleAccount,
  setPrimaryGoogleAccount,
} from '../../services/google/google-accounts.ts';
import {
  getGoogleAccessToken,
  refreshGoogleAccount,
  type GoogleDeps,
} from '../../integrations/google/tokens.ts';

const tags = ['google'];
const accountParam = z.object({ id: z.string().min(1).max(200) });
const okAnswer = z.object({ ok: z.literal(true) });

/** The router these routes are added to. */
type Router = ReturnType<typeof createRouter>;

/** `/api/google` routes. */
export function googleRoutes(app: AppDeps) {
  const {
    env,
    database: { db },
    auth,
  } = app;
  const deps = (): GoogleDeps & { publicUrl: string } => {
    if (!env.google) throw new GoogleNotConfiguredError();
    return { db, auth, google: env.google, publicUrl: env.publicUrl };
  };
  const router = createRouter();
  primaryAccountRoutes(router, app, deps);
  linkAccountRoutes(router, app, deps);
  linkedAccountRoutes(router, deps);
  return router;
}

/** The primary account: refresh, connect, status, disconnect. */
function primaryAccountRoutes(
  router: Router,
  { env, database: { db } }: Pick<AppDeps, 'env' | 'database'>,
  deps: () => GoogleDeps & { publicUrl: string },
): void {
  router
    .openapi(
      createRoute({
        method: 'post',
        path: '/refresh',
        tags,
        summary:
          "Refresh the primary Google account's access token (answers the expiry, never the token)",
        responses: { 200: jsonAnswer(googleRefreshAnswerSchema, 'Refreshed'), ...errorResponses },
      }),
      async (c) => {
        const { expiresAt } = await refreshGoogleAccount(deps(), c.var.userId);
        return c.json({ expires_at: expiresAt.toISOString() }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/token',
        tags,
        summary: 'Exchange an authorization code and store the Google tokens on the server',
        request: { body: jsonBody(googleTokenBodySchema) },
        responses: {
          200: jsonAnswer(z.object({ email: z.string() }), 'Connected'),
          ...errorResponses,
        },
      }),
      async (c) => {
        const { code, redirect_uri } = c.req.valid('json');
        const { email } = await linkGoogleAccountByCode(deps(), c.var.userId, code, redirect_uri);
        return c.json({ email }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/status',
        tags,
        summary: 'Whether the primary Google account is connected',
        responses: { 200: jsonAnswer(googleStatusSchema, 'Status'), ...errorResponses },
      }),
      async (c) => {
        if (!env.google)
          return c.json({ connected: false, error: 'Google is not configured' }, 200);
        return c.json(await googleStatus(db, c.var.userId), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/disconnect',
        tags,
        summary: 'Remove (and revoke) the tokens of every linked Google account',
        responses: { 200: jsonAnswer(okAnswer, 'Disconnected'), ...errorResponses },
      }),
      async (c) => {
        await disconnectGoogle(deps(), c.var.userId);
        return c.json({ ok: true as const }, 200);
      },
    );
}

/** Linking another account, and refreshing a linked account's token. */
function linkAccountRoutes(
  router: Router,
  { env }: Pick<AppDeps, 'env'>,
  deps: () => GoogleDeps & { publicUrl: string },
): void {
  router
    .openapi(
      createRoute({
        method: 'post',
        path: '/add-account',
        tags,
        summary: 'Link another Google account from an authorization code',
        request: { body: jsonBody(addGoogleAccountSchema) },
        responses: {
          200: jsonAnswer(z.object({ email: z.string() }), 'Linked'),
          ...errorResponses,
        },
      }),
      async (c) => {
        const { code, redirect_uri } = c.req.valid('json');
        const { email } = await linkGoogleAccountByCode(
          deps(),
          c.var.userId,
          code,
          redirect_uri ?? `${env.publicUrl}/auth/callback`,
        );
        return c.json({ email }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/refresh-linked-account',
        tags,
        summary: "Refresh a linked account's access token (answers the expiry, never the token)",
        request: { body: jsonBody(refreshLinkedAccountSchema) },
        responses: { 200: jsonAnswer(googleRefreshAnswerSchema, 'Refreshed'), ...errorResponses },
      }),
      async (c) => {
        const { expiresAt } = await getGoogleAccessToken(
          deps(),
          c.var.userId,
          c.req.valid('json').accountId,
        );
        return c.json({ expires_at: expiresAt.toISOString() }, 200);
      },
    );
}

/** Linked accounts: list, make primary, count meetings, remove. */
function linkedAccountRoutes(router: Router, deps: () => GoogleDeps & { publicUrl: string }): void {
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/accounts',
        tags,
        summary: 'Linked Google accounts, oldest first (no tokens)',
        responses: { 200: jsonAnswer(z.array(googleAccountSchema), 'Accounts'), ...errorResponses },
      }),
      async (c) => c.json(await listGoogleAccounts(deps().db, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/accounts/{id}/primary',
        tags,
        summary: 'Make a linked account the primary one',
        request: { params: accountParam },
        responses: { 200: jsonAnswer(z.array(googleAccountSchema), 'Accounts'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await setPrimaryGoogleAccount(deps().db, c.var.userId, c.req.valid('param').id),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/accounts/{id}/meetings',
        tags,
        summary: 'How many meetings are linked to calendar events through the account',
        request: { params: accountParam },
        responses: { 200: jsonAnswer(googleAccountMeetingsSchema, 'Count'), ...errorResponses },
      }),
      async (c) => {
        const count = await countGoogleAccountMeetings(
          deps().db,
          c.var.userId,
          c.req.valid('param').id,
        );
        return c.json({ count }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/accounts/{id}',
        tags,
        summary: 'Remove a linked account; its meetings keep their data and are flagged',
        request: { params: accountParam },
        responses: { 200: jsonAnswer(googleAccountRemovedSchema, 'Removed'), ...errorResponses },
      }),
      async (c) => {
        const n = await removeGoogleAccount(deps(), c.var.userId, c.req.valid('param').id);
        return c.json({ preservedMeetings: n }, 200);
      },
    );
}
