/**
 * Google's OAuth endpoints Summy calls itself (Better Auth calls them at sign-in): the token
 * endpoint's refresh_token and authorization_code grants, the OpenID Connect userinfo endpoint and
 * token revocation. Answers are read through the zod schemas of answers.ts.
 * Source: https://developers.google.com/identity/protocols/oauth2/web-server
 */
import type { GoogleSettings } from '../../env.ts';
import { AppError } from '../../errors/app-errors.ts';
import { tokenAnswer, userInfoAnswer, type TokenAnswer } from './answers.ts';
import { GoogleUnavailableError } from './errors.ts';

/** The token endpoint's answer: HTTP status, and the body when it reads as a token answer. */
export interface TokenGrantAnswer {
  status: number;
  ok: boolean;
  /** Undefined when the body is not a token answer (not JSON, or fields of the wrong type). */
  body: TokenAnswer | undefined;
}

/**
 * Posts a grant to Google's token endpoint with Summy's client id and secret (15 s time limit).
 * @param what names the call in the error ('Token refresh')
 * @throws GoogleUnavailableError ('<what> failed: …') when Google does not answer
 */
export async function postGoogleTokenGrant(
  google: GoogleSettings,
  grant: Record<string, string>,
  what: string,
): Promise<TokenGrantAnswer> {
  let res: Response;
  try {
    res = await fetch(google.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...grant,
        client_id: google.clientId,
        client_secret: google.clientSecret,
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new GoogleUnavailableError(`${what} failed: ${(err as Error).message}`);
  }
  const answer = tokenAnswer.safeParse(await res.json().catch(() => ({})));
  return { status: res.status, ok: res.ok, body: answer.success ? answer.data : undefined };
}

/**
 * Exchanges an authorization code the browser obtained with `redirectUri` for tokens.
 * @returns Google's token answer, with an access token
 * @throws GoogleUnavailableError when Google does not answer; AppError 400 'Failed to exchange
 *   authorization code' (details: Google's error, else the HTTP status) when it refuses the code
 */
export async function exchangeGoogleCode(
  google: GoogleSettings,
  code: string,
  redirectUri: string,
): Promise<TokenAnswer & { access_token: string }> {
  const res = await postGoogleTokenGrant(
    google,
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    'Code exchange',
  );
  const body = res.body ?? {};
  if (!res.ok || !body.access_token) {
    throw new AppError(
      400,
      'Failed to exchange authorization code',
      body.error ?? `HTTP ${res.status}`,
    );
  }
  return { ...body, access_token: body.access_token };
}

/**
 * The account's stable id (`sub`) and e-mail from the userinfo endpoint.
 * @throws GoogleUnavailableError when Google answers an error or a profile without both
 */
export async function fetchGoogleProfile(
  google: GoogleSettings,
  accessToken: string,
): Promise<{ sub: string; email: string }> {
  const info = await fetch(google.userInfoUrl, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const profile = userInfoAnswer.safeParse(await info.json().catch(() => ({})));
  if (!info.ok || !profile.success || !profile.data.sub || !profile.data.email) {
    throw new GoogleUnavailableError('Google did not return the account profile');
  }
  return { sub: profile.data.sub, email: profile.data.email };
}

/**
 * Revokes a token at Google (10 s time limit); Google's answer is not read.
 * @throws the fetch error when Google does not answer
 */
export async function revokeGoogleToken(google: GoogleSettings, token: string): Promise<void> {
  const res = await fetch(google.revokeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
}
