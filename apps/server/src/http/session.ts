/**
 * Middleware for the data API: a request must carry a Better Auth session (else 401
 * 'User not authenticated'), and a state-changing request must come from Summy's own origin.
 */
import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth.ts';
import type { AppEnv } from './context.ts';
import { ForbiddenError, UnauthenticatedError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sets `userId` from the session cookie; answers 401 without a valid session. */
export function requireSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) throw new UnauthenticatedError();
    c.set('userId', result.user.id);
    c.set('userEmail', result.user.email);
    await next();
  };
}

/**
 * CSRF guard: browsers send Origin (or Sec-Fetch-Site) on cross-site writes; reject those unless
 * they come from a trusted origin. Non-browser clients send neither and carry no ambient cookie risk.
 */
export function sameOriginWrites(trustedOrigins: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin && !trustedOrigins.includes(origin)) {
        throw new ForbiddenError('Cross-site request rejected');
      }
      if (!origin && c.req.header('sec-fetch-site') === 'cross-site') {
        throw new ForbiddenError('Cross-site request rejected');
      }
    }
    await next();
  };
}
