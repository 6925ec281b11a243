/**
 * What the Google fake's route modules share: the server's mutable state, Google's error bodies,
 * page tokens and the bearer-token checks.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { StoredEvent } from './calendar.ts';
import { SCOPE_PREFIX, type FakeGoogleClient, type OAuthState } from './oauth.ts';
import type { FakeGoogleAccount, FakePerson } from './types.ts';

/** One seeded account with its calendar events and contacts. */
export interface AccountData {
  account: FakeGoogleAccount;
  events: StoredEvent[];
  contacts: FakePerson[];
}

/** Google API error body (`{error: {code, message, errors, status}}`), as Calendar and People send. */
export function apiError(
  c: Context,
  code: 400 | 401 | 403 | 404 | 410,
  message: string,
  reason: string,
  status?: string,
) {
  if (code === 401)
    c.header(
      'WWW-Authenticate',
      'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    );
  return c.json(
    {
      error: {
        code,
        message,
        errors: [{ message, domain: code === 410 ? 'calendar' : 'global', reason }],
        ...(status ? { status } : {}),
      },
    },
    code,
  );
}

/** The message Google sends with a 401 from Calendar and People. */
export const UNAUTHENTICATED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

/** OAuth error body (`{error, error_description}`), as the token and revoke endpoints send. */
export const oauthError = (c: Context, error: string, description: string, code: 400 | 401 = 400) =>
  c.json({ error, error_description: description }, code);

/** Page tokens carry an offset and a digest of the query they belong to. */
export function pageToken(offset: number, key: string): string {
  return Buffer.from(JSON.stringify({ o: offset, k: key })).toString('base64url');
}

/** The offset a page token carries; 0 without a token, null when it is malformed or of another query. */
export function readPageToken(token: string | undefined, key: string): number | null {
  if (!token) return 0;
  try {
    const { o, k } = JSON.parse(Buffer.from(token, 'base64url').toString()) as {
      o: unknown;
      k: unknown;
    };
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 && k === key ? o : null;
  } catch {
    return null;
  }
}

/** A digest of the request's query without the `drop` parameters, which page tokens are bound to. */
export const queryKey = (c: Context, drop: string[]) =>
  createHash('sha1')
    .update(
      new URLSearchParams(
        [...new URL(c.req.url).searchParams]
          .filter(([k]) => !drop.includes(k))
          .sort(([a], [b]) => a.localeCompare(b)),
      ).toString(),
    )
    .digest('base64url');

/** The state of one running fake, shared by its route modules. */
export interface FakeGoogleState {
  /** The fake's clock. */
  now: () => Date;
  /** Access-token lifetime in seconds. */
  lifetime: number;
  /** The registered OAuth clients. */
  clients: FakeGoogleClient[];
  /** Codes, tokens, grants, consents and the signing key. */
  oauth: OAuthState;
  /** The seeded accounts' data, by e-mail, in picker order. */
  data: Map<string, AccountData>;
  /** Workspace directories, by domain. */
  directories: Map<string, FakePerson[]>;
  /** The sync tokens issued so far. */
  syncTokens: Map<string, { email: string; version: number }>;
  /** The version of the latest event change. */
  version: number;
  /** The origin the fake listens on; empty until it listens. */
  origin: string;
}

/** The bearer-token checks of the Google APIs, bound to one fake's state. */
export function bearerChecks(state: FakeGoogleState) {
  const { now, oauth, data } = state;
  const accountBySub = (sub: string) => [...data.values()].find((d) => d.account.sub === sub);
  const bearer = (c: Context) =>
    oauth.accessGrant(c.req.header('authorization')?.match(/^Bearer (.+)$/i)?.[1], now().getTime());
  const hasScope = (scopes: string[], wanted: string[]) =>
    wanted.some((w) => scopes.includes(`${SCOPE_PREFIX}${w}`));
  const insufficient = (c: Context) =>
    apiError(
      c,
      403,
      'Request had insufficient authentication scopes.',
      'insufficientPermissions',
      'PERMISSION_DENIED',
    );
  return { accountBySub, bearer, hasScope, insufficient };
}
