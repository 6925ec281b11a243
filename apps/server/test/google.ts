/**
 * Google sign-in and account linking for integration tests, through the loopback Google fake
 * (@summy/fakes/google) like a browser would go: Better Auth's authorize URL, the fake's consent
 * (the `login_hint` picks the account without the picker), then Better Auth's callback carrying
 * the state cookie. No vitest here: benchmarks sign in with it too (bench/calendar/fetch.ts).
 */
import { DEFAULT_FAKE_GOOGLE_CLIENT, type FakeGoogle } from '@summy/fakes/google';
import { Client, TEST_ORIGIN, type Answer } from './harness.ts';

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`Google sign-in through the fake: ${what}`);
}

/** The settings that point a Summy server at the fake (its default OAuth client). */
export function fakeGoogleEnv(fake: FakeGoogle): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: DEFAULT_FAKE_GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: DEFAULT_FAKE_GOOGLE_CLIENT.clientSecret,
    GOOGLE_BASE_URL: fake.url,
  };
}

/** The server the OAuth dance returns to. */
interface Target {
  url: string;
}

/**
 * Follows Better Auth's authorize URL (`start`, the answer of sign-in/social or link-social) to
 * the fake's consent for `email`, then Better Auth's callback; keeps the cookies it sets.
 * @returns the callback's answer (a redirect)
 */
export async function googleOAuth(
  server: Target,
  fake: FakeGoogle,
  client: Client,
  start: Answer,
  email: string,
): Promise<Response> {
  check(start.status === 200, `start answered ${start.status} ${JSON.stringify(start.body)}`);
  const authorize = new URL(start.body.url);
  check(authorize.origin === fake.url, `authorize URL ${authorize.origin} is not the fake's`);
  authorize.searchParams.set('login_hint', email);
  const consent = await fetch(authorize, { redirect: 'manual' });
  check(consent.status === 302, `consent answered ${consent.status}`);
  const callback = consent.headers.get('location')!.replace(TEST_ORIGIN, server.url);
  const res = await fetch(callback, { redirect: 'manual', headers: { cookie: client.cookie } });
  const jar = new Map(
    client.cookie
      .split('; ')
      .filter(Boolean)
      .map((p) => p.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const [k, v] = pair!.split(/=(.*)/s) as [string, string];
    if (v === '' || /max-age=0/i.test(c)) jar.delete(k);
    else jar.set(k, v);
  }
  client.cookie = [...jar].map(([a, b]) => `${a}=${b}`).join('; ');
  return res;
}

/** Signs in (signing up on first use) with the fake's Google account `email`. */
export async function signInWithGoogle(
  server: Target,
  fake: FakeGoogle,
  email: string,
): Promise<Client> {
  const client = new Client(server.url, email);
  const start = await client.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/',
  });
  const res = await googleOAuth(server, fake, client, start, email);
  const location = res.headers.get('location') ?? '';
  check(res.status === 302 && !/error/.test(location), `callback ${res.status} to ${location}`);
  const session = await client.get('/api/auth/get-session');
  client.userId = session.body.user.id;
  return client;
}

/** Links the fake's Google account `email` to the signed-in `client` (the popup flow). */
export async function linkGoogle(
  server: Target,
  fake: FakeGoogle,
  client: Client,
  email: string,
): Promise<void> {
  const start = await client.post('/api/auth/link-social', {
    provider: 'google',
    callbackURL: '/auth/callback',
    errorCallbackURL: '/auth/callback',
    disableRedirect: true,
  });
  const res = await googleOAuth(server, fake, client, start, email);
  const location = res.headers.get('location') ?? '';
  check(/\/auth\/callback/.test(location) && !/error/.test(location), `link went to ${location}`);
}
