/**
 * The user's Linear tokens on the server (docs/decisions/024): stored encrypted in
 * `user_oauth_tokens` (provider 'linear') with Better Auth's token encryption, refreshed before
 * they expire (Linear's access tokens last about 24 hours and refresh tokens rotate on every use),
 * and removed when Linear refuses the refresh token (`invalid_grant`): the user must connect again.
 * Never part of an answer to the browser.
 */
import { and, eq } from 'drizzle-orm';
import { LINEAR_SCOPES } from '@summy/core';
import { userOauthTokens, type Database } from '@summy/db';
import type { Auth } from '../../auth.ts';
import { LinearApiError, LinearNotConnectedError } from './errors.ts';
import { log } from '../../log.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';
import type { LinearClient, LinearTokenSet } from './client.ts';
import type { LinearThrottle } from './throttle.ts';

/** The `provider` of Linear's row in `user_oauth_tokens`. */
export const LINEAR_PROVIDER = 'linear';

/** An access token counts as expired this long before its expiry: refresh first. */
export const LINEAR_EXPIRY_WINDOW_MS = 10 * 60_000;

/** What the Linear services need; `now` lets tests move the clock. */
export interface LinearDeps {
  db: Database;
  auth: Auth;
  client: LinearClient;
  throttle: LinearThrottle;
  /** Summy's origin (PUBLIC_URL), for the OAuth redirect and links back to meetings. */
  publicUrl: string;
  /** AUTH_SECRET, which signs the OAuth state cookie. */
  secret: string;
  now?: () => Date;
}

type TokenRow = typeof userOauthTokens.$inferSelect;

const ownRow = (userId: string) =>
  and(eq(userOauthTokens.userId, userId), eq(userOauthTokens.provider, LINEAR_PROVIDER));

async function readRow(db: Database, userId: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(userOauthTokens).where(ownRow(userId));
  return row;
}

/** Whether the user has Linear tokens stored. */
export async function hasLinearTokens(db: Database, userId: string): Promise<boolean> {
  return Boolean(await readRow(db, userId));
}

/** Stores (replaces) the user's Linear tokens, encrypted. */
export async function storeLinearTokens(
  deps: Pick<LinearDeps, 'db' | 'auth'>,
  userId: string,
  tokens: LinearTokenSet,
): Promise<void> {
  const crypto = await tokenCrypto(deps.auth);
  const values = {
    accessToken: await crypto.encrypt(tokens.accessToken),
    refreshToken: tokens.refreshToken ? await crypto.encrypt(tokens.refreshToken) : null,
    tokenExpiresAt: tokens.expiresAt,
    scopes: tokens.scopes.length ? tokens.scopes : [...LINEAR_SCOPES],
    updatedAt: new Date(),
  };
  await deps.db
    .insert(userOauthTokens)
    .values({ userId, provider: LINEAR_PROVIDER, ...values })
    .onConflictDoUpdate({
      target: [userOauthTokens.userId, userOauthTokens.provider],
      set: values,
    });
}

/** Removes the user's Linear tokens (disconnect, or a refused refresh). */
export async function deleteLinearTokens(db: Database, userId: string): Promise<void> {
  await db.delete(userOauthTokens).where(ownRow(userId));
}

/** The user's decrypted tokens, or undefined when none are stored. For disconnect (revoke). */
export async function readLinearTokens(
  deps: Pick<LinearDeps, 'db' | 'auth'>,
  userId: string,
): Promise<{ accessToken: string; refreshToken: string | null } | undefined> {
  const row = await readRow(deps.db, userId);
  if (!row) return undefined;
  const crypto = await tokenCrypto(deps.auth);
  return {
    accessToken: await crypto.decrypt(row.accessToken),
    refreshToken: row.refreshToken ? await crypto.decrypt(row.refreshToken) : null,
  };
}

// One refresh at a time per user in this process: a rotated refresh token works once, so two
// concurrent refreshes with the same one would make Linear refuse the second (and disconnect).
const refreshing = new Map<string, Promise<string>>();

/**
 * Refreshes the user's access token and stores the rotated pair. `stale` is the access token the
 * caller saw fail or expire: when the stored one differs, another request already refreshed and
 * that one is answered. Across processes the write is a compare-and-set on the refresh token, and
 * a refused refresh re-reads the row before giving up, so a rotation done elsewhere is kept.
 * @throws LinearNotConnectedError without tokens, without a refresh token once expired, or on
 *   `invalid_grant` (tokens removed)
 * @throws LinearApiError / LinearRateLimitError when Linear's token endpoint fails otherwise (kept)
 */
export function refreshLinearToken(
  deps: LinearDeps,
  userId: string,
  stale?: string,
): Promise<string> {
  const running = refreshing.get(userId);
  if (running) return running;
  const job = doRefresh(deps, userId, stale).finally(() => refreshing.delete(userId));
  refreshing.set(userId, job);
  return job;
}

async function doRefresh(deps: LinearDeps, userId: string, stale?: string): Promise<string> {
  const { db } = deps;
  const crypto = await tokenCrypto(deps.auth);
  const row = await readRow(db, userId);
  if (!row) throw new LinearNotConnectedError();
  const current = await crypto.decrypt(row.accessToken);
  if (stale !== undefined && current !== stale && !expiresSoon(deps, row)) return current;
  if (!row.refreshToken) {
    await deleteLinearTokens(db, userId);
    throw new LinearNotConnectedError('Linear gave no refresh token: connect Linear again');
  }
  let tokens: LinearTokenSet;
  try {
    tokens = await deps.client.refresh(await crypto.decrypt(row.refreshToken));
  } catch (err) {
    if (!(err instanceof LinearApiError) || err.code !== 'invalid_grant') throw err;
    const now = await readRow(db, userId);
    if (now && now.refreshToken !== row.refreshToken) return crypto.decrypt(now.accessToken);
    log.warn({ userId }, '[linear] token refresh refused: tokens removed');
    await deleteLinearTokens(db, userId);
    throw new LinearNotConnectedError('Linear refused the refresh token: connect Linear again');
  }
  const updated = await db
    .update(userOauthTokens)
    .set({
      accessToken: await crypto.encrypt(tokens.accessToken),
      // Rotation: the answer's refresh token replaces the spent one (kept when none is sent).
      refreshToken: tokens.refreshToken
        ? await crypto.encrypt(tokens.refreshToken)
        : row.refreshToken,
      tokenExpiresAt: tokens.expiresAt,
      ...(tokens.scopes.length ? { scopes: tokens.scopes } : {}),
      updatedAt: new Date(),
    })
    .where(and(ownRow(userId), eq(userOauthTokens.refreshToken, row.refreshToken)))
    .returning({ userId: userOauthTokens.userId });
  if (updated.length === 0) {
    // Disconnected or rotated elsewhere meanwhile: what is stored now wins.
    const now = await readRow(db, userId);
    if (!now) throw new LinearNotConnectedError();
    return crypto.decrypt(now.accessToken);
  }
  return tokens.accessToken;
}

function expiresSoon(deps: Pick<LinearDeps, 'now'>, row: TokenRow): boolean {
  if (!row.tokenExpiresAt) return false;
  const now = (deps.now ?? (() => new Date()))().getTime();
  return row.tokenExpiresAt.getTime() - now <= LINEAR_EXPIRY_WINDOW_MS;
}

/**
 * A usable access token of the user, refreshed first when it expires within 10 minutes.
 * @throws LinearNotConnectedError / LinearApiError as {@link refreshLinearToken}
 */
export async function getLinearAccessToken(deps: LinearDeps, userId: string): Promise<string> {
  const row = await readRow(deps.db, userId);
  if (!row) throw new LinearNotConnectedError();
  if (!expiresSoon(deps, row)) return (await tokenCrypto(deps.auth)).decrypt(row.accessToken);
  return refreshLinearToken(deps, userId);
}

/**
 * Runs one Linear API call for the user: waits for the user's throttle slot, calls with the
 * access token, and when Linear refuses the token refreshes once and retries once (through the
 * throttle again). A second refusal removes the tokens.
 * @throws LinearNotConnectedError when not connected or the token cannot be renewed
 * @throws LinearRateLimitError / LinearApiError from the call
 */
export async function withLinearToken<T>(
  deps: LinearDeps,
  userId: string,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  const token = await getLinearAccessToken(deps, userId);
  await deps.throttle.wait(userId);
  try {
    return await call(token);
  } catch (err) {
    if (!(err instanceof LinearApiError) || !err.unauthenticated) throw err;
  }
  const fresh = await refreshLinearToken(deps, userId, token);
  await deps.throttle.wait(userId);
  try {
    return await call(fresh);
  } catch (err) {
    if (err instanceof LinearApiError && err.unauthenticated) {
      await deleteLinearTokens(deps.db, userId);
      throw new LinearNotConnectedError('Linear refused the renewed token: connect Linear again');
    }
    throw err;
  }
}
