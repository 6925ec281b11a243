/**
 * A loopback fake of Linear for tests, e2e and local trials: one HTTP server on 127.0.0.1 that
 * speaks Linear's OAuth 2.0 and GraphQL API, so a single base URL (`LINEAR_BASE_URL`) stands for
 * both linear.app and api.linear.app:
 *
 * | path | Linear's original |
 * | --- | --- |
 * | GET, POST /oauth/authorize | linear.app (consent page: one "Authorize as {name}" button per user) |
 * | POST /oauth/token | api.linear.app (authorization_code and refresh_token grants) |
 * | POST /oauth/revoke | api.linear.app |
 * | POST /graphql | api.linear.app (Linear's schema, real validation) |
 * | GET /summy-fake/issue/{identifier} | linear.app issue page (a plain page, for links) |
 *
 * OAuth follows Linear's documentation as of 2026: access tokens live about 24 hours
 * (`expires_in` 86399), refresh tokens rotate (each works once; a spent or revoked one answers
 * `invalid_grant`), revoking any token of a grant ends the whole grant. GraphQL answers carry the
 * X-RateLimit-Requests-* headers; `rateLimitNext` makes the next requests answer RATELIMITED
 * (HTTP 400 or 429, as Linear does both). Authentication failures answer HTTP 401 with
 * `extensions.code` AUTHENTICATION_ERROR.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { serveOnLoopback } from '../serve-hono.ts';
import { execute, parse, validate, type DocumentNode, type GraphQLError } from 'graphql';
import { LinearStore, linearSchema } from './graph.ts';
import {
  DEFAULT_FAKE_LINEAR_CLIENT,
  registerOAuthRoutes,
  type FakeLinearClient,
  type FakeLinearOAuthState,
  type Grant,
} from './oauth-routes.ts';
import { page } from './pages.ts';
import {
  buildLinearSeed,
  type FakeLinearIssue,
  type FakeLinearTeam,
  type FakeLinearUser,
} from './seed.ts';

/** Options of {@link startFakeLinear}. */
export interface FakeLinearOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** The fake's clock (token expiry, issue dates). Default: real time. */
  now?: () => Date;
  /** Access-token lifetime in seconds; Linear's is about 24 hours (86399). */
  accessTokenLifetimeSeconds?: number;
  /** Registered applications; default {@link DEFAULT_FAKE_LINEAR_CLIENT}. */
  clients?: FakeLinearClient[];
}

/** One request the fake answered, for tests to assert on. */
export interface FakeLinearRequest {
  method: string;
  path: string;
  /** GraphQL operation name, when the request was a named GraphQL operation. */
  operationName?: string;
  /** The Linear user the access token belongs to (GraphQL), when it was valid. */
  userId?: string;
  status: number;
  /** When it arrived, ms since the epoch (real time, for gap checks). */
  at: number;
}

/** How the next GraphQL requests are refused by {@link FakeLinear.rateLimitNext}. */
export interface RateLimitOptions {
  /** HTTP status of the refusal: 400 (Linear's usual) or 429. Default 400. */
  status?: 400 | 429;
  /** The X-RateLimit-Requests-Reset header, ms from now; default 30,000. */
  resetInMs?: number;
  /** Also send `Retry-After` in seconds. */
  retryAfterSeconds?: number;
}

/** A running fake with its test controls. */
export interface FakeLinear {
  /** Origin, no trailing slash: `http://127.0.0.1:PORT` (the LINEAR_BASE_URL). */
  url: string;
  port: number;
  clients: FakeLinearClient[];
  /** The workspace's users (the consent page lists them). */
  users: FakeLinearUser[];
  teams: FakeLinearTeam[];
  /** Every request answered so far, oldest first. */
  requests: FakeLinearRequest[];
  /** An issue by id or identifier ('ENG-1'), as stored (a live object). */
  issue(idOrIdentifier: string): FakeLinearIssue | undefined;
  /** Every issue, as stored. */
  issues(): FakeLinearIssue[];
  /** Adds a workspace user (for isolation tests); answers it. */
  addUser(user: Partial<FakeLinearUser> & { name: string }): FakeLinearUser;
  /** Adds an issue to a team (by id or key), as Linear's issueCreate would; answers it. */
  addIssue(fields: {
    teamId: string;
    title: string;
    assigneeId?: string | null;
    stateId?: string;
    priority?: number;
    dueDate?: string | null;
    description?: string | null;
  }): FakeLinearIssue;
  /** Moves an issue to the team's state of `type` (first one), as someone in Linear would. */
  setIssueState(idOrIdentifier: string, type: string): FakeLinearIssue;
  /** Makes the next `count` GraphQL requests answer RATELIMITED. */
  rateLimitNext(count: number, options?: RateLimitOptions): void;
  /** Makes every live access token (of one user when given) expire now. */
  expireAccessTokens(userId?: string): void;
  /** Ends every grant (of one user when given): their access and refresh tokens stop working. */
  revokeGrants(userId?: string): void;
  /** Live grants: their user, how many times their refresh token rotated, revoked or not. */
  grants(): { userId: string; clientId: string; rotations: number; revoked: boolean }[];
  close(): Promise<void>;
}

/**
 * Starts the fake on 127.0.0.1 with the seed of seed.ts (Linear's schema is built on first use,
 * once per process).
 * @throws when the port is taken
 */
export async function startFakeLinear(options: FakeLinearOptions = {}): Promise<FakeLinear> {
  const now = options.now ?? (() => new Date());
  const lifetime = options.accessTokenLifetimeSeconds ?? 86_399;
  const clients = options.clients ?? [DEFAULT_FAKE_LINEAR_CLIENT];
  const schema = linearSchema();
  const seed = buildLinearSeed(now());
  const users = seed.users.map((u) => ({ ...u }));
  const teams = seed.teams.map((t) => ({ ...t }));
  let origin = '';
  const store = new LinearStore(users, teams, seed.states, seed.issues, now, () => origin);

  const requests: FakeLinearRequest[] = [];
  const grants = new Map<string, Grant>();
  const codes: FakeLinearOAuthState['codes'] = new Map();
  const accessTokens = new Map<string, { grantId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, { grantId: string; spent: boolean }>();
  let limited: (RateLimitOptions & { count: number }) | undefined;
  const budget = new Map<string, number>();
  const REQUEST_LIMIT = 1500;

  const app = new Hono<{ Variables: { operationName?: string; userId?: string } }>();
  app.use(async (c, next) => {
    const at = Date.now();
    await next();
    requests.push({
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      ...(c.get('operationName') ? { operationName: c.get('operationName') } : {}),
      ...(c.get('userId') ? { userId: c.get('userId') } : {}),
      status: c.res.status,
      at,
    });
  });

  const oauthState: FakeLinearOAuthState = {
    now,
    lifetime,
    clients,
    users,
    grants,
    codes,
    accessTokens,
    refreshTokens,
  };
  registerOAuthRoutes(app, oauthState);

  // ---- GraphQL ----
  const authError = (c: Context, message: string) =>
    c.json(
      {
        errors: [
          {
            message,
            extensions: {
              code: 'AUTHENTICATION_ERROR',
              type: 'authentication error',
              userPresentableMessage: 'Authentication required, not authenticated.',
            },
          },
        ],
      },
      401,
    );

  app.post('/graphql', async (c) => {
    const bearer = c.req.header('authorization')?.replace(/^Bearer /i, '');
    const access = bearer ? accessTokens.get(bearer) : undefined;
    const grant = access ? grants.get(access.grantId) : undefined;
    if (!access || !grant || grant.revoked)
      return authError(c, 'Authentication required, not authenticated');
    if (access.expiresAt <= now().getTime()) return authError(c, 'Access token expired');
    c.set('userId', grant.userId);

    const resetAt = now().getTime() + 60 * 60_000;
    if (limited && limited.count > 0) {
      limited.count -= 1;
      const reset = now().getTime() + (limited.resetInMs ?? 30_000);
      c.header('X-RateLimit-Requests-Limit', String(REQUEST_LIMIT));
      c.header('X-RateLimit-Requests-Remaining', '0');
      c.header('X-RateLimit-Requests-Reset', String(reset));
      if (limited.retryAfterSeconds) c.header('Retry-After', String(limited.retryAfterSeconds));
      const status = limited.status ?? 400;
      if (limited.count === 0) limited = undefined;
      return c.json(
        {
          errors: [
            {
              message: 'Rate limit exceeded',
              extensions: {
                code: 'RATELIMITED',
                type: 'ratelimited',
                userPresentableMessage: 'You have exceeded the rate limit. Please try again later.',
              },
            },
          ],
        },
        status,
      );
    }
    const left = (budget.get(grant.userId) ?? REQUEST_LIMIT) - 1;
    budget.set(grant.userId, left);
    c.header('X-RateLimit-Requests-Limit', String(REQUEST_LIMIT));
    c.header('X-RateLimit-Requests-Remaining', String(Math.max(left, 0)));
    c.header('X-RateLimit-Requests-Reset', String(resetAt));

    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json({ errors: [{ message: 'Body is not JSON' }] }, 400);
    }
    if (typeof body.query !== 'string')
      return c.json({ errors: [{ message: 'Must provide query string.' }] }, 400);
    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (err) {
      return c.json({ errors: [graphqlError(err as GraphQLError, 'GRAPHQL_PARSE_FAILED')] }, 400);
    }
    const named = document.definitions.find((d) => d.kind === 'OperationDefinition');
    if (named && 'name' in named && named.name) c.set('operationName', named.name.value);
    const invalid = validate(schema, document);
    if (invalid.length)
      return c.json(
        { errors: invalid.map((e) => graphqlError(e, 'GRAPHQL_VALIDATION_FAILED')) },
        400,
      );
    const result = await execute({
      schema,
      document,
      rootValue: store.rootValue(grant.userId),
      variableValues: (body.variables ?? {}) as Record<string, unknown>,
      ...(typeof body.operationName === 'string' ? { operationName: body.operationName } : {}),
    });
    // Variable coercion failures come back without `data`: Linear answers those 400. Resolver
    // errors ('Entity not found') come with `data` (null where they failed) and answer 200.
    return c.json(
      {
        ...('data' in result ? { data: result.data } : {}),
        ...(result.errors ? { errors: result.errors.map((e) => graphqlError(e)) } : {}),
      },
      'data' in result ? 200 : 400,
    );
  });

  app.get('/summy-fake/issue/:identifier', (c) => {
    const issue = store.findIssue(c.req.param('identifier'));
    if (!issue) return c.html(page('Issue not found', c.req.param('identifier')), 404);
    return c.html(page(`${issue.identifier} ${issue.title}`, issue.description ?? ''));
  });

  app.notFound((c) => c.json({ errors: [{ message: 'Not found' }] }, 404));

  const server = await serveOnLoopback(app.fetch, options.port ?? 0);
  const { port } = server;
  origin = server.url;

  const mustFind = (idOrIdentifier: string) => {
    const issue = store.findIssue(idOrIdentifier);
    if (!issue) throw new Error(`No fake Linear issue ${idOrIdentifier}`);
    return issue;
  };

  return {
    url: origin,
    port,
    clients,
    users,
    teams,
    requests,
    issue: (id) => store.findIssue(id),
    issues: () => store.issues,
    addUser(user) {
      const added: FakeLinearUser = {
        id: user.id ?? `usr_${randomBytes(6).toString('hex')}`,
        name: user.name,
        email: user.email ?? `${user.name.toLowerCase().replace(/\W+/g, '.')}@linear.test`,
      };
      users.push(added);
      return added;
    },
    addIssue(fields) {
      return store.createIssue({ ...fields });
    },
    setIssueState(idOrIdentifier, type) {
      const issue = mustFind(idOrIdentifier);
      const state = store.states.find((s) => s.teamId === issue.teamId && s.type === type);
      if (!state) throw new Error(`No ${type} state in team ${issue.teamId}`);
      store.updateIssue(issue, { stateId: state.id });
      return issue;
    },
    rateLimitNext(count, rateOptions = {}) {
      limited = count > 0 ? { ...rateOptions, count } : undefined;
    },
    expireAccessTokens(userId) {
      for (const access of accessTokens.values()) {
        if (!userId || grants.get(access.grantId)?.userId === userId)
          access.expiresAt = now().getTime();
      }
    },
    revokeGrants(userId) {
      for (const grant of grants.values())
        if (!userId || grant.userId === userId) grant.revoked = true;
    },
    grants: () =>
      [...grants.values()].map(({ userId, clientId, rotations, revoked }) => ({
        userId,
        clientId,
        rotations,
        revoked,
      })),
    close: () => server.close(),
  };
}

function graphqlError(err: GraphQLError, code?: string) {
  const json = err.toJSON();
  return code ? { ...json, extensions: { ...json.extensions, code } } : json;
}
