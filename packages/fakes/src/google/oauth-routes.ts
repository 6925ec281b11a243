/** The Google fake's OAuth 2.0 / OpenID Connect routes: discovery, keys, authorize, token, revoke, userinfo. */
import type { Context, Hono } from 'hono';
import { bearerChecks, oauthError, type FakeGoogleState } from './api.ts';
import { normalizeScopes, pkceMatches, profileClaims, SCOPE_PREFIX } from './oauth.ts';
import { errorPage, pickerPage } from './pages.ts';

/** Registers the OAuth 2.0 / OpenID Connect routes on `app`. */
export function registerOAuthRoutes(app: Hono, state: FakeGoogleState): void {
  const { now, lifetime, clients, oauth, data } = state;
  const { accountBySub, bearer } = bearerChecks(state);

  // ---- OpenID Connect discovery and keys ----
  app.get('/.well-known/openid-configuration', (c) =>
    c.json({
      issuer: state.origin,
      authorization_endpoint: `${state.origin}/o/oauth2/v2/auth`,
      token_endpoint: `${state.origin}/token`,
      userinfo_endpoint: `${state.origin}/v1/userinfo`,
      revocation_endpoint: `${state.origin}/revoke`,
      jwks_uri: `${state.origin}/oauth2/v3/certs`,
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
                issuer: state.origin,
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
                issuer: state.origin,
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
        ? profileClaims(account, state.origin)
        : {}),
      ...(grant.scopes.includes(`${SCOPE_PREFIX}userinfo.email`)
        ? { email: account.email, email_verified: true }
        : {}),
      ...(account.hd ? { hd: account.hd } : {}),
    });
  };
  app.on(['GET', 'POST'], ['/v1/userinfo', '/oauth2/v3/userinfo'], userinfo);
}
