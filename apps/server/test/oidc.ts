/**
 * OpenID Connect sign-in for integration tests, through the loopback issuer of @summy/fakes/oidc
 * like a browser would go: Better Auth's authorize URL, the issuer (the `login_hint` picks the
 * user), then Better Auth's callback carrying the state cookie.
 */
import { DEFAULT_FAKE_OIDC_CLIENT, type FakeOidc } from '@summy/fakes/oidc';
import { Client, TEST_ORIGIN } from './harness.ts';

/** The settings that point a Summy server at the fake issuer (its default client). */
export function fakeOidcEnv(fake: FakeOidc): Record<string, string> {
  return {
    OIDC_ISSUER: fake.issuer,
    OIDC_CLIENT_ID: DEFAULT_FAKE_OIDC_CLIENT.clientId,
    OIDC_CLIENT_SECRET: DEFAULT_FAKE_OIDC_CLIENT.clientSecret,
  };
}

/** Where an OpenID Connect sign-in ended: the client (with its cookies) and the last redirect. */
export interface OidcOutcome {
  client: Client;
  /** Better Auth's redirect after the callback, relative to the server ('/' or '/login?error=…'). */
  location: URL;
}

/**
 * Signs in as the fake's user `email`, as the sign-in screen starts it (errors back to /login).
 * @throws when a step before the callback fails
 */
export async function signInWithOidc(
  server: { url: string },
  fake: FakeOidc,
  email: string,
  client = new Client(server.url, email),
): Promise<OidcOutcome> {
  const start = await client.post('/api/auth/sign-in/social', {
    provider: 'oidc',
    callbackURL: '/',
    errorCallbackURL: '/login',
  });
  if (start.status !== 200)
    throw new Error(`sign-in/social: ${start.status} ${JSON.stringify(start.body)}`);
  const authorize = new URL(start.body.url);
  if (!authorize.href.startsWith(fake.issuer)) throw new Error(`authorize URL ${authorize.href}`);
  authorize.searchParams.set('login_hint', email);
  const issuer = await fetch(authorize, { redirect: 'manual' });
  const callback = issuer.headers.get('location');
  if (issuer.status !== 302 || !callback) throw new Error(`issuer answered ${issuer.status}`);
  const res = await fetch(callback.replace(TEST_ORIGIN, server.url), {
    redirect: 'manual',
    headers: { cookie: client.cookie },
  });
  client.keepCookies(res);
  return { client, location: new URL(res.headers.get('location') ?? '', TEST_ORIGIN) };
}
