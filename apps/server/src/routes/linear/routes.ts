/**
 * `/api/linear/*` and `POST /api/todos/:id/linear`: Linear's OAuth and the relay. The Linear token
 * lives on the server (docs/decisions/024): no answer carries it, and the relay runs only Summy's
 * named operations. Without LINEAR_CLIENT_ID/SECRET every route answers 404 except the status,
 * which says `configured: false`. Errors: 409 'No access token available', 429 'Rate limit
 * exceeded. Please try again in {n} seconds.', 502 'Linear API error: {status} - {error}'.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  linearAuthorizeQuerySchema,
  linearAuthorizeUrlSchema,
  linearGraphqlAnswerSchema,
  linearGraphqlBodySchema,
  linearStatusSchema,
  linearSyncAnswerSchema,
  linearTokenAnswerSchema,
  linearTokenBodySchema,
  sendTodoToLinearSchema,
  todoSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { LinearNotConfiguredError } from '../../integrations/linear/errors.ts';
import {
  createRouter,
  errorContent,
  errorResponses,
  idParam,
  jsonAnswer,
  jsonBody,
} from '../../http/openapi.ts';
import { LinearClient } from '../../integrations/linear/client.ts';
import {
  connectLinear,
  createLinearAuthorizeUrl,
  disconnectLinear,
  getLinearStatus,
} from '../../services/linear/linear-connection.ts';
import { LINEAR_STATE_COOKIE, LINEAR_STATE_TTL_MS } from '../../integrations/linear/oauth-state.ts';
import { LinearThrottle } from '../../integrations/linear/throttle.ts';
import type { LinearDeps } from '../../integrations/linear/tokens.ts';
import { runLinearOperation } from '../../services/linear/run-linear-operation.ts';
import { sendTodoToLinear } from '../../services/linear/send-todo-to-linear.ts';
import { syncLinear } from '../../services/linear/sync-linear.ts';

const tags = ['linear'];
const COOKIE_PATH = '/api/linear';

/** Statuses the Linear routes answer beyond the shared ones. */
const linearErrors = {
  ...errorResponses,
  409: {
    description: "Not connected: `{error: 'No access token available'}`",
    content: errorContent,
  },
  429: {
    description: "`{error: 'Rate limit exceeded. Please try again in {n} seconds.'}`, Retry-After",
    content: errorContent,
  },
  502: { description: "`{error: 'Linear API error: {status} - {error}'}`", content: errorContent },
} as const;

/** The router these routes are added to. */
type Router = ReturnType<typeof createRouter>;

/** What the connection routes share. */
interface ConnectionContext {
  /** Linear's parts, or undefined when the server has no Linear app configured. */
  linear: LinearDeps | undefined;
  db: AppDeps['database']['db'];
  /** Linear's parts. @throws LinearNotConfiguredError without a Linear app */
  deps: () => LinearDeps;
  /** Cookies only over HTTPS when the server is reached by HTTPS. */
  secure: boolean;
}

/**
 * The Linear routers: `linear` for `/api/linear`, `todos` for `/api/todos` (send a to-do to
 * Linear). They share one client and one per-user throttle.
 */
export function linearRouters({ env, database: { db }, auth }: AppDeps) {
  const linear: LinearDeps | undefined = env.linear
    ? {
        db,
        auth,
        client: new LinearClient(env.linear),
        throttle: new LinearThrottle(),
        publicUrl: env.publicUrl,
        secret: env.authSecret,
      }
    : undefined;
  const deps = (): LinearDeps => {
    if (!linear) throw new LinearNotConfiguredError();
    return linear;
  };
  const secure = env.publicUrl.startsWith('https:');
  const context: ConnectionContext = { linear, db, deps, secure };
  const linearRouter = createRouter();
  statusRoutes(linearRouter, context);
  tokenRoutes(linearRouter, context);
  issueRoutes(linearRouter, deps);
  return { linear: linearRouter, todos: todoLinearRouter(deps) };
}

/** Whether Linear is connected, and the URL that starts connecting. */
function statusRoutes(router: Router, { linear, db, deps, secure }: ConnectionContext): void {
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/status',
        tags,
        summary: 'Whether Linear is configured on the server and connected for the user',
        responses: { 200: jsonAnswer(linearStatusSchema, 'Status'), ...errorResponses },
      }),
      async (c) => c.json(await getLinearStatus(linear, db, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/authorize-url',
        tags,
        summary:
          "Linear's authorize page with a fresh random state (kept in a signed HttpOnly cookie for 10 minutes)",
        request: { query: linearAuthorizeQuerySchema },
        responses: {
          200: jsonAnswer(linearAuthorizeUrlSchema, 'Authorize URL'),
          ...errorResponses,
        },
      }),
      (c) => {
        const { url, state, cookie } = createLinearAuthorizeUrl(
          deps(),
          c.var.userId,
          c.req.valid('query').returnTo,
        );
        setCookie(c, LINEAR_STATE_COOKIE, cookie, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: 'Lax',
          secure,
          maxAge: LINEAR_STATE_TTL_MS / 1000,
        });
        return c.json({ url, state }, 200);
      },
    );
}

/** The token exchange that ends connecting, and disconnecting. */
function tokenRoutes(router: Router, { deps, secure }: ConnectionContext): void {
  router
    .openapi(
      createRoute({
        method: 'post',
        path: '/token',
        tags,
        summary:
          'Exchange the authorization code (state checked) and store the Linear tokens on the server',
        request: { body: jsonBody(linearTokenBodySchema) },
        responses: { 200: jsonAnswer(linearTokenAnswerSchema, 'Connected'), ...linearErrors },
      }),
      async (c) => {
        const { code, state } = c.req.valid('json');
        const answer = await connectLinear(deps(), c.var.userId, {
          code,
          state,
          cookie: getCookie(c, LINEAR_STATE_COOKIE),
        });
        deleteCookie(c, LINEAR_STATE_COOKIE, { path: COOKIE_PATH, secure });
        return c.json(answer, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/',
        tags,
        summary: 'Disconnect Linear: revoke the tokens at Linear and remove them',
        responses: {
          200: jsonAnswer(z.object({ ok: z.literal(true) }), 'Disconnected'),
          ...errorResponses,
        },
      }),
      async (c) => {
        await disconnectLinear(deps(), c.var.userId);
        return c.json({ ok: true as const }, 200);
      },
    );
}

/** Linear's API for the user: GraphQL operations and the two-way sync. */
function issueRoutes(router: Router, deps: () => LinearDeps): void {
  router
    .openapi(
      createRoute({
        method: 'post',
        path: '/graphql',
        tags,
        summary:
          "Run one of Summy's Linear operations (viewer, assignedIssues, workflowStates, teams, issueUpdate, issueCreate); answers Linear's {data} or {errors}",
        request: { body: jsonBody(linearGraphqlBodySchema) },
        responses: {
          200: jsonAnswer(linearGraphqlAnswerSchema, "Linear's answer"),
          ...linearErrors,
        },
      }),
      async (c) => c.json(await runLinearOperation(deps(), c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/sync',
        tags,
        summary:
          'Apply completion both ways between linked to-dos and their issues; answers the open assigned issues',
        responses: { 200: jsonAnswer(linearSyncAnswerSchema, 'Synced'), ...linearErrors },
      }),
      async (c) => c.json(await syncLinear(deps(), c.var.userId), 200),
    );
}

/** `/api/todos/{id}/linear`: send a to-do to Linear. */
function todoLinearRouter(deps: () => LinearDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/{id}/linear',
      tags: ['todos', ...tags],
      summary:
        'Create a Linear issue from the to-do (assigned to the user, linking back to the meeting) and link them',
      request: { params: idParam, body: jsonBody(sendTodoToLinearSchema) },
      responses: {
        200: jsonAnswer(todoSchema, 'The linked to-do'),
        ...linearErrors,
        409: {
          description:
            "`{error: 'No access token available'}`, or already linked: `{error: 'This to-do is already linked to a Linear issue', details: url}`",
          content: errorContent,
        },
      },
    }),
    async (c) =>
      c.json(
        await sendTodoToLinear(
          deps(),
          c.var.userId,
          c.req.valid('param').id,
          c.req.valid('json').teamId,
        ),
        200,
      ),
  );
}
