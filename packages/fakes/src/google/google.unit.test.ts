/**
 * Contract of the Google fake: Google's wire formats, checked with a real OpenID Connect client
 * (openid-client) and jose against the fake's JWKS, then Calendar v3 and People v1 over fetch.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from './index.ts';
import type { Json } from '../../test/google-client.ts';
import {
  ALL_SCOPES,
  G,
  REDIRECT,
  TODAY,
  clientId,
  clientSecret,
  events,
  exchangeCode,
  get,
  signIn,
} from '../../test/google-client.ts';

describe('Google fake: OAuth 2.0 and OpenID Connect', () => {
  let fake: FakeGoogle;
  let config: oidc.Configuration;
  beforeAll(async () => {
    fake = await startFakeGoogle();
    config = await oidc.discovery(new URL(fake.url), clientId, clientSecret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
  });
  afterAll(() => fake.close());

  /** Runs the authorization-code flow with PKCE, nonce and state through openid-client. */
  async function codeFlow(loginHint: string) {
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: ALL_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce,
      state,
      access_type: 'offline',
      prompt: 'consent',
      login_hint: loginHint,
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const callback = new URL(res.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedNonce: nonce,
      expectedState: state,
    });
    return { tokens, nonce };
  }

  it('serves discovery whose issuer and endpoints are its own origin', async () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(fake.url);
    expect(meta.token_endpoint).toBe(`${fake.url}/token`);
    expect(meta.userinfo_endpoint).toBe(`${fake.url}/v1/userinfo`);
    expect(meta.jwks_uri).toBe(`${fake.url}/oauth2/v3/certs`);
    expect(meta.revocation_endpoint).toBe(`${fake.url}/revoke`);
  });

  it('runs the code flow with PKCE: tokens, an RS256 id_token with the nonce, userinfo', async () => {
    const { tokens, nonce } = await codeFlow('ada@acme.test');
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3599);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope).toContain(`${G}userinfo.email`);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: fake.url,
      aud: clientId,
      azp: clientId,
      sub: '104938294710928374651',
      email: 'ada@acme.test',
      email_verified: true,
      hd: 'acme.test',
      name: 'Ada Lovelace',
      nonce,
    });
    // The id_token verifies against the JWKS with jose too, independently of the client.
    const { protectedHeader } = await jwtVerify(
      tokens.id_token!,
      createRemoteJWKSet(new URL(`${fake.url}/oauth2/v3/certs`)),
      { issuer: fake.url, audience: clientId },
    );
    expect(protectedHeader.alg).toBe('RS256');
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ email: 'ada@acme.test', given_name: 'Ada', hd: 'acme.test' });
  });

  it('refreshes keeping the refresh token, and answers invalid_grant once it is revoked', async () => {
    const { tokens } = await codeFlow('ada.personal@example-mail.test');
    const refreshToken = tokens.refresh_token!;
    const refreshed = await oidc.refreshTokenGrant(config, refreshToken);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBeUndefined();
    expect(refreshed.claims()?.email).toBe('ada.personal@example-mail.test');
    expect(refreshed.claims()?.hd).toBeUndefined();
    await oidc.refreshTokenGrant(config, refreshToken); // the same token works again

    await oidc.tokenRevocation(config, refreshToken);
    const res = await fetch(`${fake.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    // Revoking the grant also killed its access tokens.
    expect((await events(fake, refreshed.access_token, {})).status).toBe(401);
    await expect(oidc.refreshTokenGrant(config, 'unknown')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('shows an account picker without login_hint; a click on an account redirects with code and state', async () => {
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email',
      state: 's-1',
      nonce: 'n-1',
    });
    const page = await fetch(`${fake.url}/o/oauth2/v2/auth?${params}`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    for (const a of fake.accounts) expect(html).toContain(`aria-label="${a.email}"`);
    // What the form posts when "grace@globex.test" is clicked.
    const chosen = await fetch(`${fake.url}/o/oauth2/v2/auth`, {
      method: 'POST',
      body: new URLSearchParams([...params, ['account', 'grace@globex.test']]),
      redirect: 'manual',
    });
    const callback = new URL(chosen.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe('s-1');
    const token = await fetch(`${fake.url}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: REDIRECT,
      }),
    });
    const body = (await token.json()) as Json;
    // Not offline: no refresh token.
    expect(body.refresh_token).toBeUndefined();
    const { payload } = await jwtVerify(
      body.id_token,
      createRemoteJWKSet(new URL(`${fake.url}/oauth2/v3/certs`)),
    );
    expect(payload).toMatchObject({ email: 'grace@globex.test', nonce: 'n-1' });

    const cancel = await fetch(`${fake.url}/o/oauth2/v2/auth`, {
      method: 'POST',
      body: new URLSearchParams([...params, ['account', 'cancel']]),
      redirect: 'manual',
    });
    expect(new URL(cancel.headers.get('location')!).searchParams.get('error')).toBe(
      'access_denied',
    );
  });

  it('rejects a reused code, a wrong PKCE verifier and a wrong client secret with OAuth error bodies', async () => {
    const authorize = async (extra: Record<string, string>) => {
      const q = new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid',
        login_hint: 'ada@acme.test',
        ...extra,
      });
      const res = await fetch(`${fake.url}/o/oauth2/v2/auth?${q}`, { redirect: 'manual' });
      return new URL(res.headers.get('location')!).searchParams.get('code')!;
    };
    const exchange = (code: string, extra: Record<string, string> = {}) =>
      exchangeCode(fake, code, extra);

    const code = await authorize({});
    expect((await exchange(code)).status).toBe(200);
    const reused = await exchange(code);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const pkce = await authorize({
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const wrong = await exchange(pkce, {
      code_verifier: 'not-the-verifier-not-the-verifier-not-the-verifier',
    });
    expect(await wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid code verifier.',
    });
    const right = await exchange(
      await authorize({
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }),
      {
        code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', // RFC 7636 appendix B
      },
    );
    expect(right.status).toBe(200);

    const badSecret = await exchange(await authorize({}), { client_secret: 'nope' });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('Google fake: expired access tokens', () => {
  let fake: FakeGoogle;
  let clock = TODAY.getTime();
  beforeAll(async () => {
    fake = await startFakeGoogle({ now: () => new Date(clock), accessTokenLifetimeSeconds: 60 });
  });
  afterAll(() => fake.close());

  it('answers 401 UNAUTHENTICATED once the lifetime has passed, and after expireAccessTokens', async () => {
    const tokens = await signIn(fake, 'ada@acme.test');
    expect(tokens.expires_in).toBe(60);
    expect((await events(fake, tokens.access_token, {})).status).toBe(200);
    clock += 61_000;
    const expired = await events(fake, tokens.access_token, {});
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(
      (await get(fake, '/v1/people/me/connections', tokens.access_token, { personFields: 'names' }))
        .status,
    ).toBe(401);
    expect((await get(fake, '/v1/userinfo', tokens.access_token)).body).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid Credentials',
    });

    const again = await signIn(fake, 'ada@acme.test');
    fake.expireAccessTokens('ada@acme.test');
    expect((await events(fake, again.access_token, {})).status).toBe(401);
  });
});
