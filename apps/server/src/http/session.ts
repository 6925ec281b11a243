/**
 * Middleware for the data API: a request must carry a Better Auth session or a personal API key
 * (else 401 'User not authenticated'), and a state-changing request must come from Summy's own
 * origin.
 */
import type { MiddlewareHandler } from 'hono';
import { API_KEY_PREFIX } from '@summy/core';
import type { Database } from '@summy/db';
import type { Auth } from '../auth.ts';
import { authenticateApiKey } from '../services/api-keys/authenticate-api-key.ts';
import type { AppEnv } from './context.ts';
import { sessionMemoKey, type SessionMemo } from './session-memo.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors/app-errors.ts';

/** Methods that change nothing: CSRF checks and read-only API keys let them through. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Better Auth's session check of these request headers: its `{session, user}` (null without a
 * session), that answer as JSON text, and the `Set-Cookie` headers it would send. With a memo,
 * simultaneous checks of the same credentials share one, and a check that renewed nothing is
 * remembered (a renewed cookie must reach the browser, so that one is checked again).
 */
async function checkSession(auth: Auth, headers: Headers, memo?: SessionMemo, key?: string) {
  const check = async () => {
    const checked = await auth.api.getSession({ headers, returnHeaders: true });
    const { response } = checked;
    const answer = JSON.stringify(response);
    const cookies = checked.headers.getSetCookie();
    if (memo && key !== undefined && response && cookies.length === 0) {
      memo.set(key, { userId: response.user.id, userEmail: response.user.email, answer });
    }
    return { response, answer, cookies };
  };
  return memo && key !== undefined ? memo.shared(key, check) : check();
}

/**
 * Sets `userId` from `Authorization: Bearer summy_…` (a personal API key, with `db`), else from
 * the session (cookie, or Better Auth's bearer session token); answers 401 without either ('Invalid API key' for a bad key), 403 for a
 * write with a read-only key, 429 past a key's rate (services/api-keys). The cookies Better
 * Auth sets while checking (a renewed session cookie cache when it has expired, a session expiry
 * pushed forward) go out with the answer, as they would from /api/auth/get-session, so a browser
 * keeps a fresh cache and most requests need no database lookup
 * (docs/decisions/013-session-cookie-cache.md).
 * @param memo sessions verified a moment ago (session-memo.ts), skipped when absent
 */
export function requireSession(
  auth: Auth,
  db?: Database,
  memo?: SessionMemo,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    // Other bearer tokens are Better Auth's session tokens (its bearer plugin), checked below.
    if (bearer?.startsWith(API_KEY_PREFIX) && db) {
      const key = await authenticateApiKey(db, bearer);
      if (key.scope === 'read' && !SAFE_METHODS.has(c.req.method)) {
        throw new ForbiddenError(
          'This API key is read-only: create a read-write key to change data',
        );
      }
      c.set('userId', key.userId);
      c.set('userEmail', key.userEmail);
      c.set('apiKey', { id: key.keyId, scope: key.scope });
      await next();
      return;
    }
    const key = memo ? sessionMemoKey(c) : undefined;
    const known = key !== undefined ? memo!.get(key) : undefined;
    if (known) {
      c.set('userId', known.userId);
      c.set('userEmail', known.userEmail);
      await next();
      return;
    }
    const { response, cookies } = await checkSession(auth, c.req.raw.headers, memo, key);
    if (!response) throw new UnauthenticatedError();
    c.set('userId', response.user.id);
    c.set('userEmail', response.user.email);
    await next();
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
  };
}

/**
 * CSRF guard: browsers send Origin (or Sec-Fetch-Site) on cross-site writes; reject those unless
 * they come from a trusted origin. Non-browser clients send neither and carry no ambient cookie risk.
 * The 403's details name the URL to open Summy at, since a user who typed another name for the
 * server (an IP address, a second host name) meets this first.
 * @param origins the trusted origins ({@link trustedOrigins})
 * @param publicUrl the URL the 403 tells the user to open (default: the first origin)
 * @throws ForbiddenError 403 `{error: 'Forbidden', details: 'Open Summy at {publicUrl} (PUBLIC_URL) …'}`
 */
export function sameOriginWrites(
  origins: string[],
  publicUrl: string = origins[0] ?? '',
): MiddlewareHandler<AppEnv> {
  const refusal = `Open Summy at ${publicUrl} (PUBLIC_URL): writes from other origins are refused.`;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin && !origins.includes(origin)) throw new ForbiddenError(refusal);
      if (!origin && c.req.header('sec-fetch-site') === 'cross-site') {
        throw new ForbiddenError(refusal);
      }
    }
    await next();
  };
}

/**
 * Answers `GET /api/auth/get-session` (with no query string) in front of Better Auth's router,
 * from the session memo when these credentials were verified a moment ago, else by Better Auth's
 * own get-session endpoint called in-process: the same `{session, user}` JSON (`null` without a
 * session) and the same `Set-Cookie` headers (a renewed cookie cache, cleared cookies of a
 * session that ended). Under load Better Auth's request pipeline (better-call's context, its
 * router, zod, the cookie's signature) cost about 2.8 ms of CPU per answer against 0.16 ms for a
 * bare route. A query string (`disableCookieCache`, `disableRefresh`) goes to Better Auth.
 * Source: Better Auth's `getSession` endpoint, https://www.better-auth.com/docs/concepts/session-management
 */
export function getSessionAnswer(auth: Auth, memo: SessionMemo): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.url.includes('?')) return next();
    const key = sessionMemoKey(c);
    const known = memo.get(key);
    if (known) return c.body(known.answer, 200, { 'content-type': 'application/json' });
    const { answer, cookies } = await checkSession(auth, c.req.raw.headers, memo, key);
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
    return c.body(answer, 200, { 'content-type': 'application/json' });
  };
}
