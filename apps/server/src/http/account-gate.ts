/**
 * Refuses the data API to disabled and deleted accounts at once, whatever their signed session
 * cookie cache still vouches for (services/auth/disabled-accounts.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { Database } from '@summy/db';
import { UnauthenticatedError } from '../errors/app-errors.ts';
import { ACCOUNT_DISABLED_MESSAGE, accountGate } from '../services/auth/disabled-accounts.ts';
import type { AppEnv } from './context.ts';

/**
 * After `requireSession`: 401 `{error: 'User not authenticated', details: 'This account is
 * disabled. …'}` for an account an administrator disabled or deleted.
 * @throws UnauthenticatedError for a refused account
 */
export function refuseDisabledAccounts(db: Database): MiddlewareHandler<AppEnv> {
  const gate = accountGate(db);
  return async (c, next) => {
    if (await gate.refused(c.get('userId'))) {
      throw new UnauthenticatedError(ACCOUNT_DISABLED_MESSAGE);
    }
    await next();
  };
}
