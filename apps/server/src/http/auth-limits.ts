/**
 * Rate limits of the credential routes under /api/auth (the figures and why in
 * docs/decisions/011-rate-limits-and-account-enumeration.md). Two layers, both in the database:
 *
 * - Better Auth's own limiter (`rateLimit.storage: 'database'`, table `rate_limit`): every request
 *   per client address and path, with {@link BETTER_AUTH_RATE_LIMIT}'s rules.
 * - Summy's counters (services/auth/attempts.ts, table `auth_attempt`), which Better Auth has no
 *   notion of: per account (the e-mail of the body, or the signed-in user) and failed attempts
 *   per address across accounts, with {@link CREDENTIAL_LIMITS}.
 *
 * Either answers 429 `{error, details}` with `Retry-After` in seconds. A limited request is refused
 * before its password is checked, so the right password is refused too until the window ends.
 */
import { createHmac } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '@summy/db';
import type { Auth } from '../auth.ts';
import { takeAttempt, refundAttempt, type AttemptRule } from '../services/auth/attempts.ts';
import { addressKey } from './client-address.ts';
import type { AppEnv } from './context.ts';
import { TooManyRequestsError } from '../errors/app-errors.ts';

/** Summy's own limits: attempts per window in seconds. */
export const CREDENTIAL_LIMITS = {
  /** Failed attempts on one account, from anywhere: 5 per 15 minutes. */
  accountFailures: { max: 5, windowSeconds: 15 * 60 },
  /** Attempts of any outcome on one account (sign-ups of one e-mail, too): 10 per 15 minutes. */
  accountAttempts: { max: 10, windowSeconds: 15 * 60 },
  /** Failed attempts from one client address (IPv6: its /64), over all accounts: 20 per 15 minutes. */
  addressFailures: { max: 20, windowSeconds: 15 * 60 },
} as const;

/** Routes that take a password or an e-mail (POST, under /api/auth). */
const EMAIL_ROUTES = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset']);
/** Routes that check the signed-in user's password: the account is the session's user. */
const SESSION_ROUTES = new Set([
  '/change-password',
  '/verify-password',
  '/change-email',
  '/delete-user',
]);
const TOKEN_ROUTE = /^\/reset-password(\/[^/]+)?$/;

/** What {@link credentialLimits} needs. */
export interface CredentialLimitsDeps {
  auth: Auth;
  db: Database;
  /** env.authSecret: keys accounts by an HMAC of the e-mail, so no e-mail is stored in clear. */
  secret: string;
}

/**
 * Middleware for /api/auth/*, after {@link clientAddress}: takes one attempt from the account and
 * address counters of a credential route before Better Auth runs, answers 429 when one is spent,
 * and gives the failure counts back when the attempt succeeded (2xx or 3xx).
 * @throws TooManyRequestsError (429, Retry-After) when a counter is spent
 */
export function credentialLimits(deps: CredentialLimitsDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = c.req.path.replace(/^\/api\/auth/, '');
    const credential =
      EMAIL_ROUTES.has(route) || SESSION_ROUTES.has(route) || TOKEN_ROUTE.test(route);
    if (c.req.method !== 'POST' || !credential) return next();

    const account = await accountKey(c, route, deps);
    const failureKeys = [`fail:addr:${addressKey(c.get('clientAddress'))}`];
    const rules: AttemptRule[] = [{ key: failureKeys[0]!, ...CREDENTIAL_LIMITS.addressFailures }];
    if (account) {
      failureKeys.push(`fail:${account}`);
      rules.push({ key: `fail:${account}`, ...CREDENTIAL_LIMITS.accountFailures });
      rules.push({ key: `try:${account}`, ...CREDENTIAL_LIMITS.accountAttempts });
    }
    const decision = await takeAttempt(deps.db, rules);
    if (!decision.allowed) throw new TooManyRequestsError(decision.retryAfterSeconds);

    await next();
    const status = c.res.status;
    // A success is no failure; a 429 of Better Auth's limiter was no attempt at all.
    if (status < 400) await refundAttempt(deps.db, failureKeys);
    else if (status === 429)
      await refundAttempt(
        deps.db,
        rules.map((r) => r.key),
      );
  };
}

/**
 * Better Auth's handler for /api/auth/*, with its limiter's 429 (`{message}` and `X-Retry-After`)
 * answered in Summy's shape.
 * @throws TooManyRequestsError when Better Auth's limiter refused the request
 */
export function betterAuthHandler(auth: Auth) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const res = await auth.handler(c.req.raw);
    if (res.status !== 429) return res;
    const seconds = Number(res.headers.get('x-retry-after'));
    throw new TooManyRequestsError(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
  };
}

// 'acct:<hmac of the e-mail>' from the JSON body, 'user:<id>' from the session, or null.
async function accountKey(
  c: Context<AppEnv>,
  route: string,
  deps: CredentialLimitsDeps,
): Promise<string | null> {
  if (SESSION_ROUTES.has(route)) {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    return session ? `user:${session.user.id}` : null;
  }
  if (!EMAIL_ROUTES.has(route)) return null;
  const email = await bodyEmail(c.req.raw);
  if (typeof email !== 'string' || !email) return null;
  const digest = createHmac('sha256', deps.secret)
    .update(email.trim().toLowerCase())
    .digest('base64url');
  return `acct:${digest}`;
}

// The `email` field as Better Auth (better-call's getBody) would read it: JSON, urlencoded or
// multipart. From a clone, since a body is read once and Better Auth reads the original; the
// body is already bounded by the body limit mounted in front (http/body-limit.ts).
async function bodyEmail(request: Request): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  try {
    if (/^application\/([a-z0-9.+-]*\+)?json/.test(type)) {
      return ((await request.clone().json()) as { email?: unknown } | null)?.email;
    }
    if (
      type.includes('application/x-www-form-urlencoded') ||
      type.includes('multipart/form-data')
    ) {
      return (await request.clone().formData()).get('email');
    }
  } catch {
    // Unreadable: Better Auth answers 400, and the address counter still counts it.
  }
  return undefined;
}
