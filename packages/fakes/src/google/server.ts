/**
 * A loopback fake of Google for tests, e2e, benchmarks and local trials: one HTTP server on
 * 127.0.0.1 speaking the wire formats of Google's OAuth 2.0 / OpenID Connect, Calendar API v3
 * `events.list` and People API v1. One origin serves every path, so a single base URL
 * (`GOOGLE_BASE_URL`) can stand for all of Google's hosts:
 *
 * | path | Google's original |
 * | --- | --- |
 * | GET /.well-known/openid-configuration | accounts.google.com (discovery) |
 * | GET /oauth2/v3/certs | www.googleapis.com (JWKS) |
 * | GET, POST /o/oauth2/v2/auth | accounts.google.com (authorize; account picker) |
 * | POST /token | oauth2.googleapis.com |
 * | GET /v1/userinfo (also /oauth2/v3/userinfo) | openidconnect.googleapis.com |
 * | POST /revoke | oauth2.googleapis.com |
 * | GET /calendar/v3/calendars/{calendarId}/events | www.googleapis.com |
 * | GET /v1/people/me/connections | people.googleapis.com |
 * | GET /v1/people:searchContacts | people.googleapis.com |
 * | GET /v1/people:searchDirectoryPeople | people.googleapis.com |
 * | GET /fake/photos/{id}.svg | (the fake's own avatars, for `picture` and `photos[].url`) |
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { escapeHtml, serveOnLoopback } from '../serve-hono.ts';
import { listEvents, type ListFilter, type StoredEvent } from './calendar.ts';
import {
  normalizeScopes,
  OAuthState,
  pkceMatches,
  profileClaims,
  SCOPE_PREFIX,
  type FakeGoogleClient,
} from './oauth.ts';
import { buildSeed } from './seed.ts';
import { isTimeZone } from './time.ts';
import type { FakeCalendarEvent, FakeGoogleAccount, FakePerson } from './types.ts';

/** The client the fake registers unless told otherwise (what `npm run fake:google` prints). */
export const DEFAULT_FAKE_GOOGLE_CLIENT: FakeGoogleClient = {
  clientId: 'summy-local.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-summy-local-fake-secret',
};

/** Options of {@link startFakeGoogle}. */
export interface FakeGoogleOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** The fake's clock: token expiry, and the day the seed's week is built around. Default: real time. */
  now?: () => Date;
  /** Access-token lifetime in seconds (`expires_in`); Google's is 3599. */
  accessTokenLifetimeSeconds?: number;
  /** Registered OAuth clients; default {@link DEFAULT_FAKE_GOOGLE_CLIENT}. */
  clients?: FakeGoogleClient[];
}

/** One request the fake answered, for tests to assert on. */
export interface FakeGoogleRequest {
  method: string;
  path: string;
  /** Query parameters; repeated ones (`sources`) keep every value. */
  query: Record<string, string[]>;
  status: number;
}

/** A running fake with its test controls. */
export interface FakeGoogle {
  /** Origin, no trailing slash: `http://127.0.0.1:PORT`. It is also the OIDC issuer. */
  url: string;
  port: number;
  /** The registered clients (the first is the default one). */
  clients: FakeGoogleClient[];
  /** The signable accounts, in picker order. */
  accounts: FakeGoogleAccount[];
  /** Every request answered so far, oldest first. */
  requests: FakeGoogleRequest[];
  /** Revokes the grant behind a refresh or access token; false when unknown or already dead. */
  revokeToken(token: string): boolean;
  /** Makes every live access token expire now (of one account when `email` is given). */
  expireAccessTokens(email?: string): void;
  /** Makes every sync token issued so far answer 410, as when Google drops them. */
  invalidateSyncTokens(): void;
  /** Adds (or replaces, by id) an event on an account's primary calendar. */
  addEvent(email: string, event: FakeCalendarEvent): void;
  /** Adds a contact (`people/me/connections`, `searchContacts`) for an account. */
  addContact(email: string, person: FakePerson): void;
  /** Adds a profile to a Workspace domain's directory (`searchDirectoryPeople`). */
  addDirectoryPerson(domain: string, person: FakePerson): void;
  close(): Promise<void>;
}

interface AccountData {
  account: FakeGoogleAccount;
  events: StoredEvent[];
  contacts: FakePerson[];
}

/** Google API error body (`{error: {code, message, errors, status}}`), as Calendar and People send. */
function apiError(
  c: Context,
  code: 400 | 401 | 403 | 404 | 410,
  message: string,
  reason: string,
  status?: string,
) {
  if (code === 401)
    c.header(
      'WWW-Authenticate',
      'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    );
  return c.json(
    {
      error: {
        code,
        message,
        errors: [{ message, domain: code === 410 ? 'calendar' : 'global', reason }],
        ...(status ? { status } : {}),
      },
    },
    code,
  );
}

const UNAUTHENTICATED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

/** OAuth error body (`{error, error_description}`), as the token and revoke endpoints send. */
const oauthError = (c: Context, error: string, description: string, code: 400 | 401 = 400) =>
  c.json({ error, error_description: description }, code);

/** Page tokens carry an offset and a digest of the query they belong to. */
function pageToken(offset: number, key: string): string {
  return Buffer.from(JSON.stringify({ o: offset, k: key })).toString('base64url');
}

function readPageToken(token: string | undefined, key: string): number | null {
  if (!token) return 0;
  try {
    const { o, k } = JSON.parse(Buffer.from(token, 'base64url').toString()) as {
      o: unknown;
      k: unknown;
    };
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 && k === key ? o : null;
  } catch {
    return null;
  }
}

const queryKey = (c: Context, drop: string[]) =>
  createHash('sha1')
    .update(
      new URLSearchParams(
        [...new URL(c.req.url).searchParams]
          .filter(([k]) => !drop.includes(k))
          .sort(([a], [b]) => a.localeCompare(b)),
      ).toString(),
    )
    .digest('base64url');

/**
 * Starts the fake on 127.0.0.1 with the seed built around `now()` (see seed.ts).
 * @throws when the port is taken
 */
export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const now = options.now ?? (() => new Date());
  const lifetime = options.accessTokenLifetimeSeconds ?? 3599;
  const clients = options.clients ?? [DEFAULT_FAKE_GOOGLE_CLIENT];
  const oauth = await OAuthState.create();
  const requests: FakeGoogleRequest[] = [];
  const data = new Map<string, AccountData>();
  const directories = new Map<string, FakePerson[]>();
  const syncTokens = new Map<string, { email: string; version: number }>();
  let version = 0;
  let origin = '';

  const accountBySub = (sub: string) => [...data.values()].find((d) => d.account.sub === sub);
  const stored = (event: FakeCalendarEvent, order: number): StoredEvent => {
    version += 1;
    const stamp = new Date(now().getTime()).toISOString().replace(/\.\d{3}Z$/, '.000Z');
    return { event: { created: stamp, updated: stamp, ...event }, order, version };
  };

  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    const url = new URL(c.req.url);
    const query: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
    requests.push({ method: c.req.method, path: url.pathname, query, status: c.res.status });
  });

  // ---- OpenID Connect discovery and keys ----
  app.get('/.well-known/openid-configuration', (c) =>
    c.json({
      issuer: origin,
      authorization_endpoint: `${origin}/o/oauth2/v2/auth`,
      token_endpoint: `${origin}/token`,
      userinfo_endpoint: `${origin}/v1/userinfo`,
      revocation_endpoint: `${origin}/revoke`,
      jwks_uri: `${origin}/oauth2/v3/certs`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'family_name',
        'given_name',
        'iat',
        'iss',
        'name',
        'picture',
        'sub',
        'hd',
        'nonce',
        'at_hash',
        'azp',
      ],
      code_challenge_methods_supported: ['plain', 'S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    }),
  );
  app.get('/oauth2/v3/certs', (c) => c.json({ keys: [oauth.jwk] }));

  // ---- Authorize: consent at once for a seeded login_hint, else the account picker ----
  const authorize = async (c: Context, params: Record<string, string>) => {
    const client = clients.find((cl) => cl.clientId === params.client_id);
    if (!client)
      return c.html(errorPage('Error 401: invalid_client', 'The OAuth client was not found.'), 401);
    const redirectUri = params.redirect_uri ?? '';
    let redirect: URL;
    try {
      redirect = new URL(redirectUri);
    } catch {
      return c.html(
        errorPage('Error 400: redirect_uri_mismatch', 'Missing or invalid redirect_uri.'),
        400,
      );
    }
    if (client.redirectUris?.length && !client.redirectUris.includes(redirectUri)) {
      return c.html(
        errorPage('Error 400: redirect_uri_mismatch', `Unregistered redirect_uri ${redirectUri}.`),
        400,
      );
    }
    const back = (query: Record<string, string>) => {
      for (const [k, v] of Object.entries(query)) redirect.searchParams.set(k, v);
      if (params.state !== undefined) redirect.searchParams.set('state', params.state);
      return c.redirect(redirect.toString(), 302);
    };
    if (params.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    if (!params.scope)
      return c.html(
        errorPage('Error 400: invalid_request', 'Missing required parameter: scope'),
        400,
      );
    const method = params.code_challenge_method ?? 'plain';
    if (params.code_challenge && method !== 'S256' && method !== 'plain')
      return back({ error: 'invalid_request' });

    const hint = params.login_hint?.toLowerCase();
    const chosen =
      params.account ??
      [...data.values()].find((d) => d.account.email === hint || d.account.sub === hint)?.account
        .email;
    if (chosen === 'cancel') return back({ error: 'access_denied' });
    const account = chosen ? data.get(chosen)?.account : undefined;
    if (!account) {
      if (params.prompt?.split(' ').includes('none')) return back({ error: 'login_required' });
      return c.html(
        pickerPage(
          params,
          [...data.values()].map((d) => d.account),
        ),
      );
    }
    const consentKey = `${client.clientId} ${account.sub}`;
    const consented = oauth.consents.get(consentKey) ?? new Set<string>();
    const asked = normalizeScopes(params.scope);
    // include_granted_scopes=true adds the scopes granted earlier (incremental authorization).
    const scopes = [
      ...new Set([...asked, ...(params.include_granted_scopes === 'true' ? consented : [])]),
    ];
    const firstConsent = asked.some((s) => !consented.has(s));
    oauth.consents.set(consentKey, new Set([...consented, ...scopes]));
    const code = oauth.issueCode(
      {
        clientId: client.clientId,
        redirectUri,
        sub: account.sub,
        scopes,
        ...(params.nonce ? { nonce: params.nonce } : {}),
        ...(params.code_challenge
          ? {
              codeChallenge: params.code_challenge,
              codeChallengeMethod: method as 'S256' | 'plain',
            }
          : {}),
        issueRefreshToken:
          params.access_type === 'offline' &&
          (firstConsent || Boolean(params.prompt?.split(' ').includes('consent'))),
      },
      now().getTime(),
    );
    return back({
      code,
      scope: scopes.join(' '),
      authuser: String([...data.keys()].indexOf(account.email)),
      ...(account.hd ? { hd: account.hd } : {}),
      prompt: 'consent',
    });
  };
  app.get('/o/oauth2/v2/auth', (c) => authorize(c, c.req.query()));
  app.post('/o/oauth2/v2/auth', async (c) =>
    authorize(c, (await c.req.parseBody()) as Record<string, string>),
  );

  // ---- Token endpoint ----
  app.post('/token', async (c) => {
    const body = (
      c.req.header('content-type')?.includes('application/json')
        ? await c.req.json()
        : await c.req.parseBody()
    ) as Record<string, string>;
    let { client_id: clientId, client_secret: clientSecret } = body;
    const basic = c.req.header('authorization')?.match(/^Basic (.+)$/i);
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64')
        .toString()
        .split(':')
        .map(decodeURIComponent);
      clientId = id;
      clientSecret = secret;
    }
    if (!clientId)
      return oauthError(c, 'invalid_request', 'Could not determine client ID from request.');
    const client = clients.find((cl) => cl.clientId === clientId);
    if (!client) return oauthError(c, 'invalid_client', 'The OAuth client was not found.', 401);
    if (!clientSecret) return oauthError(c, 'invalid_request', 'client_secret is missing.');
    if (client.clientSecret !== clientSecret)
      return oauthError(c, 'invalid_client', 'Unauthorized', 401);
    c.header('Cache-Control', 'no-cache, no-store, max-age=0, must-revalidate');
    c.header('Pragma', 'no-cache');
    const nowMs = now().getTime();

    if (body.grant_type === 'authorization_code') {
      const grant = body.code ? oauth.codes.get(body.code) : undefined;
      if (body.code) oauth.codes.delete(body.code); // single use, even when the exchange fails
      if (!grant || grant.expiresAt <= nowMs || grant.clientId !== client.clientId) {
        return oauthError(c, 'invalid_grant', 'Malformed auth code.');
      }
      if (grant.redirectUri !== body.redirect_uri)
        return oauthError(c, 'redirect_uri_mismatch', 'Bad Request');
      if (grant.codeChallenge) {
        if (!body.code_verifier) return oauthError(c, 'invalid_grant', 'Missing code verifier.');
        if (!pkceMatches(body.code_verifier, grant.codeChallenge, grant.codeChallengeMethod!)) {
          return oauthError(c, 'invalid_grant', 'Invalid code verifier.');
        }
      }
      const account = accountBySub(grant.sub)!.account;
      const refreshToken = grant.issueRefreshToken
        ? oauth.issueRefreshToken({
            sub: grant.sub,
            clientId: client.clientId,
            scopes: grant.scopes,
          })
        : undefined;
      const accessToken = oauth.issueAccessToken(
        { sub: grant.sub, clientId: client.clientId, scopes: grant.scopes },
        nowMs,
        lifetime,
        refreshToken,
      );
      return c.json({
        access_token: accessToken,
        expires_in: lifetime,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
        ...(grant.scopes.includes('openid')
          ? {
              id_token: await oauth.idToken({
                issuer: origin,
                clientId: client.clientId,
                account,
                scopes: grant.scopes,
                accessToken,
                ...(grant.nonce ? { nonce: grant.nonce } : {}),
                nowMs,
              }),
            }
          : {}),
      });
    }

    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token)
        return oauthError(c, 'invalid_request', 'Missing required parameter: refresh_token');
      const grant = oauth.refreshTokens.get(body.refresh_token);
      if (!grant || grant.revoked || grant.clientId !== client.clientId) {
        return oauthError(c, 'invalid_grant', 'Token has been expired or revoked.');
      }
      const scopes = body.scope ? normalizeScopes(body.scope) : grant.scopes;
      if (scopes.some((s) => !grant.scopes.includes(s)))
        return oauthError(c, 'invalid_scope', 'Bad Request');
      const account = accountBySub(grant.sub)!.account;
      // Google keeps the refresh token: the answer carries none.
      const accessToken = oauth.issueAccessToken(
        { sub: grant.sub, clientId: client.clientId, scopes },
        nowMs,
        lifetime,
        body.refresh_token,
      );
      return c.json({
        access_token: accessToken,
        expires_in: lifetime,
        scope: scopes.join(' '),
        token_type: 'Bearer',
        ...(scopes.includes('openid')
          ? {
              id_token: await oauth.idToken({
                issuer: origin,
                clientId: client.clientId,
                account,
                scopes,
                accessToken,
                nowMs,
              }),
            }
          : {}),
      });
    }
    return oauthError(c, 'unsupported_grant_type', `Invalid grant_type: ${body.grant_type ?? ''}`);
  });

  // ---- Revoke ----
  app.post('/revoke', async (c) => {
    const body = (await c.req.parseBody()) as Record<string, string>;
    const token = body.token ?? c.req.query('token');
    if (!token || !oauth.revoke(token, now().getTime()))
      return oauthError(c, 'invalid_token', 'Token expired or revoked');
    return c.json({});
  });

  // ---- Bearer-token APIs ----
  const bearer = (c: Context) =>
    oauth.accessGrant(c.req.header('authorization')?.match(/^Bearer (.+)$/i)?.[1], now().getTime());
  const hasScope = (scopes: string[], wanted: string[]) =>
    wanted.some((w) => scopes.includes(`${SCOPE_PREFIX}${w}`));
  const insufficient = (c: Context) =>
    apiError(
      c,
      403,
      'Request had insufficient authentication scopes.',
      'insufficientPermissions',
      'PERMISSION_DENIED',
    );

  const userinfo = (c: Context) => {
    const grant = bearer(c);
    if (!grant) {
      c.header(
        'WWW-Authenticate',
        'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      );
      return oauthError(c, 'invalid_request', 'Invalid Credentials', 401);
    }
    const account = accountBySub(grant.sub)!.account;
    return c.json({
      sub: account.sub,
      ...(grant.scopes.includes(`${SCOPE_PREFIX}userinfo.profile`)
        ? profileClaims(account, origin)
        : {}),
      ...(grant.scopes.includes(`${SCOPE_PREFIX}userinfo.email`)
        ? { email: account.email, email_verified: true }
        : {}),
      ...(account.hd ? { hd: account.hd } : {}),
    });
  };
  app.on(['GET', 'POST'], ['/v1/userinfo', '/oauth2/v3/userinfo'], userinfo);

  app.get('/calendar/v3/calendars/:calendarId/events', (c) => {
    const grant = bearer(c);
    if (!grant) return apiError(c, 401, UNAUTHENTICATED, 'authError', 'UNAUTHENTICATED');
    if (
      !hasScope(grant.scopes, [
        'calendar',
        'calendar.readonly',
        'calendar.events',
        'calendar.events.readonly',
      ])
    )
      return insufficient(c);
    const owner = accountBySub(grant.sub)!;
    const calendarId = decodeURIComponent(c.req.param('calendarId'));
    if (calendarId !== 'primary' && calendarId !== owner.account.email)
      return apiError(c, 404, 'Not Found', 'notFound');
    const q = c.req.query();
    const invalid = (what: string) => apiError(c, 400, `Invalid value for: ${what}`, 'invalid');

    const maxResults = q.maxResults === undefined ? 250 : Number(q.maxResults);
    if (!Number.isInteger(maxResults) || maxResults < 1) return invalid('maxResults');
    const singleEvents = q.singleEvents === 'true';
    if (q.orderBy && q.orderBy !== 'startTime' && q.orderBy !== 'updated')
      return invalid('orderBy');
    if (q.orderBy === 'startTime' && !singleEvents) {
      return apiError(
        c,
        400,
        'The requested ordering is not available for the particular query.',
        'badRequest',
      );
    }
    if (q.timeZone && !isTimeZone(q.timeZone)) return invalid('timeZone');
    const timeMin = q.timeMin === undefined ? -Infinity : Date.parse(q.timeMin);
    const timeMax = q.timeMax === undefined ? Infinity : Date.parse(q.timeMax);
    if (Number.isNaN(timeMin)) return invalid('timeMin');
    if (Number.isNaN(timeMax)) return invalid('timeMax');
    if (timeMin >= timeMax)
      return apiError(c, 400, 'The specified time range is empty.', 'timeRangeEmpty');

    let sinceVersion: number | undefined;
    if (q.syncToken !== undefined) {
      for (const p of ['timeMin', 'timeMax', 'orderBy', 'q', 'updatedMin', 'iCalUID']) {
        if (q[p] !== undefined)
          return apiError(c, 400, `${p} cannot be used with syncToken.`, 'invalid');
      }
      const sync = syncTokens.get(q.syncToken);
      if (!sync || sync.email !== owner.account.email) {
        return apiError(
          c,
          410,
          'Sync token is no longer valid, a full sync is required.',
          'fullSyncRequired',
        );
      }
      sinceVersion = sync.version;
    }
    const key = queryKey(c, ['pageToken']);
    const offset = readPageToken(q.pageToken, key);
    if (offset === null) return invalid('pageToken');

    const filter: ListFilter = {
      fromMs: timeMin,
      toMs: timeMax,
      singleEvents,
      ...(q.orderBy ? { orderBy: q.orderBy as 'startTime' | 'updated' } : {}),
      ...(q.q ? { q: q.q } : {}),
      ...(sinceVersion !== undefined ? { sinceVersion } : {}),
    };
    const outTz = q.timeZone ?? owner.account.timeZone;
    const all = listEvents(
      owner.events,
      owner.account.timeZone,
      owner.account.email,
      filter,
      outTz,
      origin,
    );
    // Calendar never sends more than 2,500 events in one page, whatever maxResults says.
    const size = Math.min(maxResults, 2500);
    const items = all.slice(offset, offset + size);
    const last = offset + size >= all.length;
    let nextSyncToken: string | undefined;
    if (last) {
      nextSyncToken = `CPfake${Buffer.from(`${owner.account.sub}:${version}:${syncTokens.size}`).toString('base64url')}`;
      syncTokens.set(nextSyncToken, { email: owner.account.email, version });
    }
    return c.json({
      kind: 'calendar#events',
      etag: `"p${version}"`,
      summary: owner.account.email,
      description: '',
      updated: new Date(now().getTime()).toISOString(),
      timeZone: owner.account.timeZone,
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      ...(last ? { nextSyncToken } : { nextPageToken: pageToken(offset + size, key) }),
      items,
    });
  });

  // ---- People ----
  const peopleError = (c: Context, message: string) =>
    apiError(c, 400, message, 'badRequest', 'INVALID_ARGUMENT');
  const mask = (person: FakePerson, fields: string) => {
    const wanted = fields.split(',').map((f) => f.trim().replace(/^person\./, ''));
    const out: Record<string, unknown> = { resourceName: person.resourceName, etag: person.etag };
    for (const f of ['names', 'emailAddresses', 'photos'] as const) {
      if (wanted.includes(f) && person[f]) out[f] = person[f];
    }
    return out;
  };
  const matches = (person: FakePerson, query: string) => {
    const q = query.toLowerCase();
    const words = [
      ...(person.names ?? []).flatMap((n) => [
        n.displayName,
        n.givenName,
        n.familyName,
        ...n.displayName.split(' '),
      ]),
      ...(person.emailAddresses ?? []).map((e) => e.value),
    ];
    // Google's people search is prefix matching on names and e-mail addresses.
    return words.some((w) => w?.toLowerCase().startsWith(q));
  };
  const pageSizeOf = (raw: string | undefined, fallback: number, max: number) => {
    const n = raw === undefined ? fallback : Number(raw);
    return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
  };

  app.get('/v1/people/me/connections', (c) => {
    const grant = bearer(c);
    if (!grant) return apiError(c, 401, UNAUTHENTICATED, 'authError', 'UNAUTHENTICATED');
    if (!hasScope(grant.scopes, ['contacts', 'contacts.readonly'])) return insufficient(c);
    const q = c.req.query();
    if (!q.personFields) {
      return peopleError(
        c,
        'personFields mask is required. Please specify one or more valid paths. Valid paths are documented at https://developers.google.com/people/api/rest/v1/people/get.',
      );
    }
    const size = pageSizeOf(q.pageSize, 100, 1000);
    if (size === null) return peopleError(c, 'Invalid pageSize: must be between 1 and 1000.');
    const key = queryKey(c, ['pageToken']);
    const offset = readPageToken(q.pageToken, key);
    if (offset === null) return peopleError(c, 'Page token is not valid.');
    const contacts = accountBySub(grant.sub)!.contacts;
    const page = contacts.slice(offset, offset + size);
    return c.json({
      ...(page.length ? { connections: page.map((p) => mask(p, q.personFields!)) } : {}),
      ...(offset + size < contacts.length ? { nextPageToken: pageToken(offset + size, key) } : {}),
      totalPeople: contacts.length,
      totalItems: contacts.length,
    });
  });

  app.get('/v1/people:searchContacts', (c) => {
    const grant = bearer(c);
    if (!grant) return apiError(c, 401, UNAUTHENTICATED, 'authError', 'UNAUTHENTICATED');
    if (!hasScope(grant.scopes, ['contacts', 'contacts.readonly'])) return insufficient(c);
    const q = c.req.query();
    if (!q.readMask) return peopleError(c, 'Request must set readMask.');
    const size = pageSizeOf(q.pageSize, 10, 30);
    if (size === null) return peopleError(c, 'Invalid pageSize: must be between 1 and 30.');
    const found = q.query
      ? accountBySub(grant.sub)!.contacts.filter((p) => matches(p, q.query!))
      : [];
    // Empty answers are `{}`: Google leaves out empty lists.
    return c.json(
      found.length
        ? { results: found.slice(0, size).map((p) => ({ person: mask(p, q.readMask!) })) }
        : {},
    );
  });

  app.get('/v1/people:searchDirectoryPeople', (c) => {
    const grant = bearer(c);
    if (!grant) return apiError(c, 401, UNAUTHENTICATED, 'authError', 'UNAUTHENTICATED');
    if (!hasScope(grant.scopes, ['directory.readonly'])) return insufficient(c);
    const q = c.req.query();
    if (!q.readMask) return peopleError(c, 'Request must set readMask.');
    if (!c.req.queries('sources')?.length) return peopleError(c, 'Request must set sources.');
    const size = pageSizeOf(q.pageSize, 100, 500);
    if (size === null) return peopleError(c, 'Invalid pageSize: must be between 1 and 500.');
    const key = queryKey(c, ['pageToken']);
    const offset = readPageToken(q.pageToken, key);
    if (offset === null) return peopleError(c, 'Page token is not valid.');
    const { hd } = accountBySub(grant.sub)!.account;
    // Consumer accounts have no directory: Google answers them with nothing.
    const found = (hd ? (directories.get(hd) ?? []) : []).filter(
      (p) => !q.query || matches(p, q.query),
    );
    const page = found.slice(offset, offset + size);
    return c.json({
      ...(page.length ? { people: page.map((p) => mask(p, q.readMask!)) } : {}),
      ...(offset + size < found.length ? { nextPageToken: pageToken(offset + size, key) } : {}),
      ...(found.length ? { totalSize: found.length } : {}),
    });
  });

  app.get('/fake/photos/:file', (c) => {
    const hue =
      parseInt(createHash('sha1').update(c.req.param('file')).digest('hex').slice(0, 4), 16) % 360;
    c.header('Content-Type', 'image/svg+xml');
    return c.body(
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="48" fill="hsl(${hue} 55% 55%)"/></svg>`,
    );
  });

  app.notFound((c) => apiError(c, 404, 'Not Found', 'notFound'));

  const server = await serveOnLoopback(app.fetch, options.port ?? 0);
  const { port } = server;
  origin = server.url;

  const seed = buildSeed(now(), origin);
  for (const account of seed.accounts) {
    const s = seed.byEmail.get(account.email)!;
    data.set(account.email, {
      account,
      events: s.events.map((e, i) => stored(e, i)),
      contacts: [...s.contacts],
    });
  }
  for (const [domain, people] of seed.directories) directories.set(domain, [...people]);
  const dataOf = (email: string) => {
    const d = data.get(email);
    if (!d) throw new Error(`No seeded Google account ${email}`);
    return d;
  };

  return {
    url: origin,
    port,
    clients,
    accounts: seed.accounts,
    requests,
    revokeToken: (token) => oauth.revoke(token, now().getTime()),
    expireAccessTokens(email) {
      const sub = email ? dataOf(email).account.sub : undefined;
      for (const grant of oauth.accessTokens.values()) {
        if (!sub || grant.sub === sub) grant.expiresAt = now().getTime();
      }
    },
    invalidateSyncTokens: () => syncTokens.clear(),
    addEvent(email, event) {
      const { events } = dataOf(email);
      const at = events.findIndex((e) => e.event.id === event.id);
      const { created: _created, updated: _updated, ...fresh } = event;
      const old = at >= 0 ? events[at]! : undefined;
      if (old) events[at] = stored({ ...fresh, created: old.event.created! }, old.order);
      else events.push(stored(event, events.length));
    },
    addContact: (email, person) => void dataOf(email).contacts.push(person),
    addDirectoryPerson(domain, person) {
      const list = directories.get(domain) ?? [];
      list.push(person);
      directories.set(domain, list);
    },
    close: () => server.close(),
  };
}

function errorPage(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>`;
}

/** The account picker: one submit button per account, named by its e-mail (what a browser test clicks). */
function pickerPage(params: Record<string, string>, accounts: FakeGoogleAccount[]): string {
  const hidden = Object.entries(params)
    .filter(([k]) => k !== 'account')
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = accounts
    .map(
      (a) =>
        `<li><button type="submit" name="account" value="${escapeHtml(a.email)}" aria-label="${escapeHtml(a.email)}"><strong>${escapeHtml(a.name)}</strong><br>${escapeHtml(a.email)}</button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts (fake)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto}ul{list-style:none;padding:0}button{width:100%;text-align:left;padding:.75rem;margin:.25rem 0;cursor:pointer}</style>
</head><body><main><h1>Choose an account</h1><p>to continue to ${escapeHtml(params.client_id ?? '')} (local Google fake)</p>
<form method="post" action="/o/oauth2/v2/auth">${hidden}<ul>${buttons}</ul>
<button type="submit" name="account" value="cancel">Cancel</button></form></main></body></html>`;
}
