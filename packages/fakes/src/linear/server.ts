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
import { escapeHtml, serveOnLoopback } from '../serve-hono.ts';
import { execute, parse, validate, type DocumentNode, type GraphQLError } from 'graphql';
import { LinearStore, linearSchema } from './graph.ts';
import {
  buildLinearSeed,
  type FakeLinearIssue,
  type FakeLinearTeam,
  type FakeLinearUser,
} from './seed.ts';

/** A registered OAuth application. `redirectUris` empty: any absolute URL is accepted. */
export interface FakeLinearClient {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
}

/** The application the fake registers unless told otherwise (what `npm run fake:linear` prints). */
export const DEFAULT_FAKE_LINEAR_CLIENT: FakeLinearClient = {
  clientId: 'summy-local-linear-client',
  clientSecret: 'lin_oauth_summy_local_fake_secret',
};

/** Scopes Linear knows (OAuth 2.0 documentation). */
const KNOWN_SCOPES = new Set([
  'read',
  'write',
  'issues:create',
  'comments:create',
  'timeSchedule:write',
  'admin',
]);

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

interface Grant {
  id: string;
  userId: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
  rotations: number;
}

const oauthError = (c: Context, error: string, description: string, status: 400 | 401 = 400) =>
  c.json({ error, error_description: description }, status);

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

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
  const codes = new Map<
    string,
    {
      grantUserId: string;
      clientId: string;
      redirectUri: string;
      scopes: string[];
      expiresAt: number;
    }
  >();
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

  // ---- OAuth: authorize (consent page) ----
  const authorize = (c: Context, params: Record<string, string>) => {
    const client = clients.find((cl) => cl.clientId === params.client_id);
    if (!client) return c.html(page('Invalid client', 'The OAuth application was not found.'), 400);
    const redirectUri = params.redirect_uri ?? '';
    let redirect: URL;
    try {
      redirect = new URL(redirectUri);
    } catch {
      return c.html(page('Invalid redirect_uri', 'Missing or invalid redirect_uri.'), 400);
    }
    if (client.redirectUris?.length && !client.redirectUris.includes(redirectUri))
      return c.html(page('Invalid redirect_uri', `Unregistered redirect_uri ${redirectUri}.`), 400);
    const back = (query: Record<string, string>) => {
      for (const [k, v] of Object.entries(query)) redirect.searchParams.set(k, v);
      if (params.state !== undefined) redirect.searchParams.set('state', params.state);
      return c.redirect(redirect.toString(), 302);
    };
    if (params.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    const scopes = (params.scope ?? '').split(/[\s,]+/).filter(Boolean);
    if (!scopes.length || scopes.some((s) => !KNOWN_SCOPES.has(s)))
      return back({ error: 'invalid_scope' });
    if (params.user === 'cancel') return back({ error: 'access_denied' });
    const user = users.find((u) => u.id === params.user || u.email === params.user);
    if (!user) return c.html(consentPage(params, users, scopes));
    const code = token('code');
    codes.set(code, {
      grantUserId: user.id,
      clientId: client.clientId,
      redirectUri,
      scopes,
      expiresAt: now().getTime() + 10 * 60_000,
    });
    return back({ code });
  };
  app.get('/oauth/authorize', (c) => authorize(c, c.req.query()));
  app.post('/oauth/authorize', async (c) =>
    authorize(c, (await c.req.parseBody()) as Record<string, string>),
  );

  // ---- OAuth: token ----
  const issueTokens = (grant: Grant) => {
    const access = token('lin_oauth');
    const refresh = token('lin_refresh');
    accessTokens.set(access, { grantId: grant.id, expiresAt: now().getTime() + lifetime * 1000 });
    refreshTokens.set(refresh, { grantId: grant.id, spent: false });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: lifetime,
      // Linear answers its scopes as an array.
      scope: grant.scopes,
      refresh_token: refresh,
    };
  };

  const readForm = async (c: Context) =>
    (c.req.header('content-type')?.includes('application/json')
      ? await c.req.json()
      : await c.req.parseBody()) as Record<string, string>;

  app.post('/oauth/token', async (c) => {
    const body = await readForm(c);
    let { client_id: clientId, client_secret: clientSecret } = body;
    const basic = c.req.header('authorization')?.match(/^Basic (.+)$/i);
    if (basic) {
      [clientId, clientSecret] = Buffer.from(basic[1]!, 'base64').toString().split(':');
    }
    const client = clients.find((cl) => cl.clientId === clientId);
    if (!client || client.clientSecret !== clientSecret)
      return oauthError(c, 'invalid_client', 'Client authentication failed', 401);
    const nowMs = now().getTime();
    if (body.grant_type === 'authorization_code') {
      const grant = body.code ? codes.get(body.code) : undefined;
      if (body.code) codes.delete(body.code);
      if (!grant || grant.clientId !== client.clientId || grant.expiresAt < nowMs)
        return oauthError(c, 'invalid_grant', 'The authorization code is invalid or expired');
      if (grant.redirectUri !== body.redirect_uri)
        return oauthError(c, 'invalid_grant', 'redirect_uri does not match the authorization');
      const stored: Grant = {
        id: token('grant'),
        userId: grant.grantUserId,
        clientId: client.clientId,
        scopes: grant.scopes,
        revoked: false,
        rotations: 0,
      };
      grants.set(stored.id, stored);
      return c.json(issueTokens(stored));
    }
    if (body.grant_type === 'refresh_token') {
      const entry = body.refresh_token ? refreshTokens.get(body.refresh_token) : undefined;
      const grant = entry ? grants.get(entry.grantId) : undefined;
      if (!entry || entry.spent || !grant || grant.revoked || grant.clientId !== client.clientId)
        return oauthError(c, 'invalid_grant', 'The refresh token is invalid or expired');
      // Rotation: the presented refresh token is spent; the answer carries the next one.
      entry.spent = true;
      grant.rotations += 1;
      return c.json(issueTokens(grant));
    }
    return oauthError(c, 'unsupported_grant_type', `Unsupported grant_type ${body.grant_type}`);
  });

  // ---- OAuth: revoke ----
  const grantOfToken = (value: string | undefined) => {
    if (!value) return undefined;
    const id = accessTokens.get(value)?.grantId ?? refreshTokens.get(value)?.grantId;
    return id ? grants.get(id) : undefined;
  };
  app.post('/oauth/revoke', async (c) => {
    const body = await readForm(c);
    const bearer = c.req.header('authorization')?.match(/^Bearer (.+)$/i)?.[1];
    const grant = grantOfToken(body.token) ?? grantOfToken(bearer);
    if (grant) grant.revoked = true;
    // RFC 7009: unknown tokens are answered like revoked ones.
    return c.json({ success: true });
  });

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

function page(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></main></body></html>`;
}

/** The consent page: one submit button per workspace user (what a browser test clicks). */
function consentPage(
  params: Record<string, string>,
  users: FakeLinearUser[],
  scopes: string[],
): string {
  const hidden = Object.entries(params)
    .filter(([k]) => k !== 'user')
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = users
    .map(
      (u) =>
        `<li><button type="submit" name="user" value="${escapeHtml(u.id)}">Authorize as ${escapeHtml(u.name)}</button> <small>${escapeHtml(u.email)}</small></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application - Linear (fake)</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:4rem auto}ul{list-style:none;padding:0}li{margin:.5rem 0}button{padding:.6rem 1rem;cursor:pointer}</style>
</head><body><main><h1>Authorize ${escapeHtml(params.client_id ?? '')}</h1>
<p>This application (local Linear fake) asks for: ${scopes.map(escapeHtml).join(', ')}</p>
<form method="post" action="/oauth/authorize">${hidden}<ul>${buttons}</ul>
<button type="submit" name="user" value="cancel">Cancel</button></form></main></body></html>`;
}
