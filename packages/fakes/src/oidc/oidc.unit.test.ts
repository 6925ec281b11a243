import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FAKE_OIDC_CLIENT, startFakeOidc, type FakeOidc } from './index.ts';

const REDIRECT = 'http://localhost:9/api/auth/callback/oidc';
const { clientId, clientSecret } = DEFAULT_FAKE_OIDC_CLIENT;

let fake: FakeOidc;
beforeAll(async () => {
  fake = await startFakeOidc({ issuerPath: '/realms/summy' });
});
afterAll(() => fake.close());

// One code flow for `email` with PKCE and `nonce`; the token endpoint's answer.
async function signIn(email: string, nonce: string, verifier = 'v'.repeat(43)) {
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(`${fake.issuer}/authorize`);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid email profile',
    state: 's1',
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    login_hint: email,
  }))
    authorize.searchParams.set(k, v);
  const res = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('s1');
  expect(back.searchParams.get('iss')).toBe(fake.issuer);
  const token = await fetch(`${fake.issuer}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  return { status: token.status, body: (await token.json()) as Record<string, string> };
}

describe('the generic OpenID Connect fake', () => {
  it('serves discovery under its issuer path', async () => {
    const doc = (await (
      await fetch(`${fake.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(fake.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/realms\/summy$/);
    expect(doc).toMatchObject({ issuer: fake.issuer, jwks_uri: `${fake.issuer}/jwks` });
  });

  it('issues a signed ID token with the user claims and the nonce', async () => {
    const { body } = await signIn('eve@example.com', 'n-1');
    const jwks = createRemoteJWKSet(new URL(`${fake.issuer}/jwks`));
    const { payload } = await jwtVerify(body.id_token!, jwks, {
      issuer: fake.issuer,
      audience: clientId,
    });
    expect(payload).toMatchObject({
      email: 'eve@example.com',
      email_verified: false,
      nonce: 'n-1',
    });
    const info = await fetch(`${fake.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await info.json()).toMatchObject({ sub: 'u-eve', email_verified: false });
  });

  it('refuses a wrong PKCE verifier', async () => {
    const verifier = 'w'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = `${fake.issuer}/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      login_hint: 'ada@example.com',
    })}`;
    const code = new URL(
      (await fetch(url, { redirect: 'manual' })).headers.get('location')!,
    ).searchParams.get('code')!;
    const res = await fetch(`${fake.issuer}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: 'x'.repeat(43),
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(res.status).toBe(400);
  });

  it('replays the previous ID token once when told to, then signs fresh ones', async () => {
    const first = await signIn('ada@example.com', 'n-first');
    fake.replayPreviousIdToken();
    const replayed = await signIn('ada@example.com', 'n-second');
    expect(replayed.body.id_token).toBe(first.body.id_token);
    const fresh = await signIn('ada@example.com', 'n-third');
    expect(fresh.body.id_token).not.toBe(first.body.id_token);
  });

  it('signs in changed claims', async () => {
    fake.setUser({ sub: 'u-new', email: 'new@example.com', emailVerified: true, name: 'New' });
    const { body } = await signIn('new@example.com', 'n');
    const claims = JSON.parse(Buffer.from(body.id_token!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'u-new', email: 'new@example.com', name: 'New' });
  });
});
