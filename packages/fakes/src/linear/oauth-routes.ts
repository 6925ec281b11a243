/** The Linear fake's OAuth 2.0 routes: authorize (consent page), token and revoke. */
import { randomBytes } from 'node:crypto';
import type { Context, Env, Hono } from 'hono';
import type { FakeLinearUser } from './seed.ts';
import { consentPage, page } from './pages.ts';

/** Scopes Linear knows (OAuth 2.0 documentation). */
const KNOWN_SCOPES = new Set([
  'read',
  'write',
  'issues:create',
  'comments:create',
  'timeSchedule:write',
  'admin',
]);

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

/** One authorization: a user's consent to a client, shared by its access and refresh tokens. */
export interface Grant {
  id: string;
  userId: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
  rotations: number;
}

/** The OAuth state the fake's routes and test controls share. */
export interface FakeLinearOAuthState {
  /** The fake's clock. */
  now: () => Date;
  /** Access-token lifetime in seconds. */
  lifetime: number;
  /** Registered applications. */
  clients: FakeLinearClient[];
  /** The workspace's users (the consent page lists them). */
  users: FakeLinearUser[];
  /** Grants by id. */
  grants: Map<string, Grant>;
  /** Authorization codes not yet exchanged. */
  codes: Map<
    string,
    {
      grantUserId: string;
      clientId: string;
      redirectUri: string;
      scopes: string[];
      expiresAt: number;
    }
  >;
  /** Access tokens and their grant and expiry. */
  accessTokens: Map<string, { grantId: string; expiresAt: number }>;
  /** Refresh tokens and their grant; spent once rotated. */
  refreshTokens: Map<string, { grantId: string; spent: boolean }>;
}

const oauthError = (c: Context, error: string, description: string, status: 400 | 401 = 400) =>
  c.json({ error, error_description: description }, status);

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

/** Registers the OAuth 2.0 routes (authorize, token, revoke) on `app`. */
export function registerOAuthRoutes<E extends Env>(
  app: Hono<E>,
  state: FakeLinearOAuthState,
): void {
  const { now, lifetime, clients, users, grants, codes, accessTokens, refreshTokens } = state;

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
}
