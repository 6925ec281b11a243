/**
 * Who a bearer API key belongs to, for the data API and `/mcp`: looked up by hash, rate-limited
 * per key, last use stamped at most once a minute (a write per request would cost more than the
 * request).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@summy/core';
import { apiKeys, user, type Database } from '@summy/db';
import { TooManyRequestsError, UnauthenticatedError } from '../../errors/app-errors.ts';
import { hashApiKey, looksLikeApiKey } from './api-key-tokens.ts';
import { ACCOUNT_DISABLED_MESSAGE } from '../auth/disabled-accounts.ts';

/** Requests one key may make per window. */
export const API_KEY_RATE = { requests: 600, windowMs: 60_000 } as const;

/** The owner of a key and what the key may do. */
export interface ApiKeyIdentity {
  keyId: string;
  userId: string;
  userEmail: string;
  scope: ApiKeyScope;
}

/** Per-process fixed windows per key id: enough to stop a runaway script; each process counts its own. */
const windows = new Map<string, { start: number; used: number }>();

/**
 * The identity behind `Authorization: Bearer <key>`.
 * @throws UnauthenticatedError 401 'Invalid API key' for an unknown, revoked or malformed key;
 *   401 with {@link ACCOUNT_DISABLED_MESSAGE} for a key of a disabled account
 * @throws TooManyRequestsError 429 past {@link API_KEY_RATE} (Retry-After: the window's rest)
 */
export async function authenticateApiKey(db: Database, key: string): Promise<ApiKeyIdentity> {
  if (!looksLikeApiKey(key)) throw new UnauthenticatedError('Invalid API key');
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      userId: apiKeys.userId,
      scope: apiKeys.scope,
      userEmail: user.email,
      disabledAt: user.disabledAt,
    })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(eq(apiKeys.hash, hashApiKey(key)));
  if (!row) throw new UnauthenticatedError('Invalid API key');
  if (row.disabledAt) throw new UnauthenticatedError(ACCOUNT_DISABLED_MESSAGE);

  const now = Date.now();
  const window = windows.get(row.keyId);
  if (!window || now - window.start >= API_KEY_RATE.windowMs) {
    windows.set(row.keyId, { start: now, used: 1 });
    if (windows.size > 10_000) windows.clear();
  } else if (++window.used > API_KEY_RATE.requests) {
    throw new TooManyRequestsError(
      Math.max(1, Math.ceil((window.start + API_KEY_RATE.windowMs - now) / 1000)),
    );
  }
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, row.keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
  return { keyId: row.keyId, userId: row.userId, userEmail: row.userEmail, scope: row.scope };
}
