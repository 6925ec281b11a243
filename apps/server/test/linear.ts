/**
 * Connecting a test user to the loopback Linear fake (@summy/fakes/linear) the way the browser
 * does: `GET /api/linear/authorize-url` (which sets the state cookie), the fake's consent page
 * (its "Authorize as" button for one workspace user), then `POST /api/linear/token` with the code
 * and state the fake sent back to /linear/callback.
 */
import { DEFAULT_FAKE_LINEAR_CLIENT, type FakeLinear } from '@summy/fakes/linear';
import type { Answer, Client } from './harness.ts';

/** The settings that point a Summy server at the fake (its default OAuth client). */
export function fakeLinearEnv(fake: FakeLinear): Record<string, string> {
  return {
    LINEAR_CLIENT_ID: DEFAULT_FAKE_LINEAR_CLIENT.clientId,
    LINEAR_CLIENT_SECRET: DEFAULT_FAKE_LINEAR_CLIENT.clientSecret,
    LINEAR_BASE_URL: fake.url,
  };
}

/**
 * Clicks the fake's consent button for `linearUserId` on the authorize URL.
 * @returns the code and state of the redirect to /linear/callback
 * @throws when the fake does not redirect
 */
export async function consentAtFake(
  authorizeUrl: string,
  linearUserId: string,
): Promise<{ code: string; state: string; redirect: URL }> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('user', linearUserId);
  const res = await fetch(`${url.origin}/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`fake consent answered ${res.status}`);
  const redirect = new URL(res.headers.get('location')!);
  return {
    code: redirect.searchParams.get('code') ?? '',
    state: redirect.searchParams.get('state') ?? '',
    redirect,
  };
}

/**
 * Connects `client` to Linear as the fake's `linearUserId` (default Ada).
 * @returns the answer of `POST /api/linear/token`
 */
export async function connectLinearAs(
  client: Client,
  linearUserId = 'usr_ada',
  returnTo = '/todos',
): Promise<Answer> {
  const start = await client.get(
    `/api/linear/authorize-url?returnTo=${encodeURIComponent(returnTo)}`,
  );
  if (start.status !== 200)
    throw new Error(`authorize-url answered ${start.status} ${JSON.stringify(start.body)}`);
  const { code, state } = await consentAtFake(start.body.url, linearUserId);
  return client.post('/api/linear/token', { code, state });
}
