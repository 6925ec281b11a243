/**
 * Administrator-only routes and writes. The role is read from the database on each request, so a role
 * taken away with `summy admin remove` holds at once (docs/decisions/037-administrators-and-sign-up.md).
 */
import type { MiddlewareHandler } from 'hono';
import type { Database } from '@summy/db';
import { isAdmin } from '../services/auth/admins.ts';
import type { AppEnv } from './context.ts';
import { ForbiddenError } from '../errors/app-errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Lets reads through and answers writes of non-administrators with 403
 * `{error: 'Forbidden', details: 'Only an administrator can <what>.'}`. After `requireSession`.
 * @param what what the writes do, e.g. 'download, cancel or remove speech models'
 * @throws ForbiddenError (403) for a write by a user who is not an administrator
 */
export function adminWrites(db: Database, what: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!READS.has(c.req.method) && !(await isAdmin(db, c.get('userId')))) {
      throw new ForbiddenError(
        `Only an administrator can ${what}. Ask the administrator of this server.`,
      );
    }
    await next();
  };
}

/**
 * Administration (`/api/admin/*`): every method, administrators only, and with a session only (an
 * API key, which a script may leak, answers 403 too). After `requireSession`.
 * @throws ForbiddenError (403) for a user who is not an administrator, or a request with an API key
 */
export function adminOnly(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.apiKey) throw new ForbiddenError('Administration is done in Settings, signed in.');
    if (!(await isAdmin(db, c.get('userId')))) {
      throw new ForbiddenError('Only an administrator can administer this server.');
    }
    await next();
  };
}
