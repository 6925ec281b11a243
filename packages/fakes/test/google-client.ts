/**
 * Helpers of the Google fake's tests: a user's sign-in through the fake's pages, the code
 * exchange, and authorized GETs of its APIs.
 */
import { expect } from 'vitest';
import { DEFAULT_FAKE_GOOGLE_CLIENT, type FakeGoogle } from '../src/google/index.ts';

/** The fake's default OAuth client. */
export const { clientId, clientSecret } = DEFAULT_FAKE_GOOGLE_CLIENT;

/** A redirect URI nothing listens on: the tests read the code from the redirect. */
export const REDIRECT = 'http://127.0.0.1:9/callback';

/** Prefix of Google's scope URLs. */
export const G = 'https://www.googleapis.com/auth/';

/** Every scope Summy asks for. */
export const ALL_SCOPES = `openid email profile ${G}calendar.readonly ${G}contacts.readonly ${G}directory.readonly`;

/** A Wednesday: the seeded week runs Monday 2026-11-23 to Sunday 2026-11-29 (Berlin). */
export const TODAY = new Date('2026-11-25T10:00:00Z');

/** A JSON answer, read loosely. */
export type Json = Record<string, any>;

/** Signs in as `email` (login_hint, no picker) and returns the token answer. */
export async function signIn(
  fake: FakeGoogle,
  email: string,
  scope = ALL_SCOPES,
  extra: Record<string, string> = {},
): Promise<Json> {
  const auth = new URL(`${fake.url}/o/oauth2/v2/auth`);
  const params = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope,
    login_hint: email,
    access_type: 'offline',
    prompt: 'consent',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) auth.searchParams.set(k, v);
  const res = await fetch(auth, { redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const token = await exchangeCode(fake, code);
  expect(token.status).toBe(200);
  return (await token.json()) as Json;
}

/** POSTs an authorization_code grant with the default client's credentials in the body. */
export function exchangeCode(fake: FakeGoogle, code: string, extra: Record<string, string> = {}) {
  return fetch(`${fake.url}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      client_secret: clientSecret,
      ...extra,
    }),
  });
}

/** An authorized GET of `path` on the fake; answers status and JSON body. */
export async function get(
  fake: FakeGoogle,
  path: string,
  token: string,
  query: Record<string, string | string[]> = {},
) {
  const url = new URL(`${fake.url}${path}`);
  for (const [k, v] of Object.entries(query))
    for (const one of [v].flat()) url.searchParams.append(k, one);
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Json };
}

/** GET of the primary calendar's events.list with `query`. */
export const events = (fake: FakeGoogle, token: string, query: Record<string, string>) =>
  get(fake, '/calendar/v3/calendars/primary/events', token, query);
