/**
 * The generic OpenID Connect fake's endpoints (OpenID Connect Core 1.0 and Discovery 1.0,
 * authorization code flow with PKCE): discovery, JWKS, authorize, token, userinfo, all under the
 * issuer's path.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { escapeHtml } from '../serve-hono.ts';
import { accessTokenHash, pkceMatches, type SigningKey } from './signing-key.ts';
import type { FakeOidcClient, FakeOidcUser } from './types.ts';

/** A code until the token endpoint redeems it (single use). */
interface CodeGrant {
  clientId: string;
  redirectUri: string;
  sub: string;
  nonce: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: 'S256' | 'plain';
}

/** The fake's mutable state, shared with its test controls (server.ts). */
export interface OidcState {
  /** The issuer URL, no trailing slash (the `iss` of every token). */
  issuer: string;
  key: SigningKey;
  clients: FakeOidcClient[];
  users: FakeOidcUser[];
  now: () => Date;
  codes: Map<string, CodeGrant>;
  /** Access token → subject. */
  accessTokens: Map<string, string>;
  /** The last ID token issued, for {@link OidcState.replayNext}. */
  lastIdToken: string | undefined;
  /** When true, the next token answer carries `lastIdToken` again (same nonce): a replay. */
  replayNext: boolean;
}

const opaque = () => randomBytes(24).toString('base64url');

const oauthError = (c: Context, error: string, description: string, code: 400 | 401 = 400) =>
  c.json({ error, error_description: description }, code);

/** Registers the endpoints on `app` under `path` (the issuer URL's path, '' for the origin). */
export function registerOidcRoutes(app: Hono, path: string, state: OidcState): void {
  app.get(`${path}/.well-known/openid-configuration`, (c) =>
    c.json({
      issuer: state.issuer,
      authorization_endpoint: `${state.issuer}/authorize`,
      token_endpoint: `${state.issuer}/token`,
      userinfo_endpoint: `${state.issuer}/userinfo`,
      jwks_uri: `${state.issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: [
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'nonce',
        'email',
        'email_verified',
        'name',
      ],
      code_challenge_methods_supported: ['S256', 'plain'],
      grant_types_supported: ['authorization_code'],
    }),
  );
  app.get(`${path}/jwks`, (c) => c.json({ keys: [state.key.jwk] }));
  app.get(`${path}/authorize`, (c) => authorize(c, state, path));
  app.post(`${path}/token`, (c) => token(c, state));
  app.on(['GET', 'POST'], `${path}/userinfo`, (c) => {
    const bearer = c.req.header('authorization')?.match(/^Bearer (.+)$/i)?.[1];
    const sub = bearer ? state.accessTokens.get(bearer) : undefined;
    const user = state.users.find((u) => u.sub === sub);
    if (!user) return oauthError(c, 'invalid_token', 'Unknown or expired access token', 401);
    return c.json({ sub: user.sub, ...claimsOf(user) });
  });
}

function claimsOf(user: FakeOidcUser): Record<string, unknown> {
  return { email: user.email, email_verified: user.emailVerified, name: user.name };
}

// Signs in at once the user named by `login_hint` (e-mail or sub); without one, a page listing
// the users, each a link carrying its hint (what a browser test clicks).
function authorize(c: Context, state: OidcState, path: string) {
  const q = c.req.query();
  const client = state.clients.find((cl) => cl.clientId === q.client_id);
  if (!client) return c.text('invalid_client', 400);
  const redirect = URL.parse(q.redirect_uri ?? '');
  if (!redirect || (client.redirectUris?.length && !client.redirectUris.includes(q.redirect_uri!)))
    return c.text('invalid redirect_uri', 400);
  const back = (params: Record<string, string>) => {
    for (const [k, v] of Object.entries({ ...params, iss: state.issuer }))
      redirect.searchParams.set(k, v);
    if (q.state !== undefined) redirect.searchParams.set('state', q.state);
    return c.redirect(redirect.toString(), 302);
  };
  if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
  if (!q.scope?.split(' ').includes('openid')) return back({ error: 'invalid_scope' });
  const hint = q.login_hint?.toLowerCase();
  const user = state.users.find((u) => u.email === hint || u.sub === hint);
  if (!user) return c.html(pickerPage(q, state.users, path));
  const code = opaque();
  state.codes.set(code, {
    clientId: client.clientId,
    redirectUri: q.redirect_uri!,
    sub: user.sub,
    nonce: q.nonce,
    codeChallenge: q.code_challenge,
    codeChallengeMethod: q.code_challenge_method === 'S256' ? 'S256' : 'plain',
  });
  return back({ code });
}

function pickerPage(q: Record<string, string>, users: FakeOidcUser[], path: string): string {
  const links = users
    .map((u) => {
      const params = new URLSearchParams({ ...q, login_hint: u.email });
      return `<li><a href="${escapeHtml(`${path}/authorize?${params}`)}">${escapeHtml(u.email)}</a></li>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in (fake OpenID Connect issuer)</title></head><body><h1>Choose a user</h1><ul>${links}</ul></body></html>`;
}

// The client's credentials from client_secret_basic or client_secret_post.
function credentials(c: Context, body: Record<string, string>): [string?, string?] {
  const basic = c.req.header('authorization')?.match(/^Basic (.+)$/i);
  if (!basic) return [body.client_id, body.client_secret];
  const [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':');
  return [id && decodeURIComponent(id), secret && decodeURIComponent(secret)];
}

async function token(c: Context, state: OidcState) {
  const body = (await c.req.parseBody()) as Record<string, string>;
  const [clientId, secret] = credentials(c, body);
  const client = state.clients.find((cl) => cl.clientId === clientId);
  if (!client || client.clientSecret !== secret)
    return oauthError(c, 'invalid_client', 'Client authentication failed', 401);
  if (body.grant_type !== 'authorization_code')
    return oauthError(c, 'unsupported_grant_type', 'Only authorization_code');
  const grant = body.code ? state.codes.get(body.code) : undefined;
  if (body.code) state.codes.delete(body.code);
  if (!grant || grant.clientId !== client.clientId || grant.redirectUri !== body.redirect_uri)
    return oauthError(c, 'invalid_grant', 'Unknown, used or mismatched code');
  if (
    grant.codeChallenge &&
    !pkceMatches(body.code_verifier ?? '', grant.codeChallenge, grant.codeChallengeMethod)
  )
    return oauthError(c, 'invalid_grant', 'PKCE verification failed');
  const user = state.users.find((u) => u.sub === grant.sub)!;
  const accessToken = opaque();
  state.accessTokens.set(accessToken, user.sub);
  const idToken =
    state.replayNext && state.lastIdToken
      ? state.lastIdToken
      : await state.key.sign(
          {
            ...claimsOf(user),
            at_hash: accessTokenHash(accessToken),
            ...(grant.nonce ? { nonce: grant.nonce } : {}),
          },
          {
            issuer: state.issuer,
            audience: client.clientId,
            subject: user.sub,
            nowMs: state.now().getTime(),
          },
        );
  state.replayNext = false;
  state.lastIdToken = idToken;
  c.header('Cache-Control', 'no-store');
  return c.json({
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: 3600,
    id_token: idToken,
  });
}
