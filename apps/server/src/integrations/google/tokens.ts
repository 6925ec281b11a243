/**
 * Google access tokens of linked accounts: read one refreshed when it is about to expire, refresh
 * on demand, remove on a failed refresh, and call a Google API with the 401-refresh-retry-once
 * rule. Tokens sit encrypted in Better Auth's `account` rows; these functions are for server code
 * and jobs only, never for answers to the browser.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { account, userGoogleAccounts, userSettings, type Database } from '@summy/db';
import type { Auth } from '../../auth.ts';
import { GOOGLE_PROVIDER_ID } from './settings.ts';
import type { GoogleSettings } from '../../env.ts';
import { GoogleReconnectError, GoogleUnavailableError } from './errors.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import { log } from '../../log.ts';
import { postGoogleTokenGrant } from './oauth.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';

/** What the token functions need; `now` lets tests move the clock. */
export interface GoogleDeps {
  db: Database;
  auth: Auth;
  google: GoogleSettings;
  now?: () => Date;
}

/** The primary account's token counts as expired this long before its expiry. */
export const PRIMARY_EXPIRY_WINDOW_MS = 10 * 60_000;
/** Other linked accounts' tokens: 5 minutes. */
export const LINKED_EXPIRY_WINDOW_MS = 5 * 60_000;
/** A refreshed token is stored valid at most 1 hour, and 1 hour when Google gives no expiry. */
export const REFRESHED_VALIDITY_MS = 60 * 60_000;

/** A usable access token and its expiry. */
export interface GoogleAccessToken {
  accessToken: string;
  expiresAt: Date;
}

type AccountRow = typeof account.$inferSelect;

// The user's Google account row, owner-scoped: another user's id answers 404 like a missing one.
async function ownedAccount(db: Database, userId: string, accountId: string): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(account)
    .where(
      and(
        eq(account.id, accountId),
        eq(account.userId, userId),
        eq(account.providerId, GOOGLE_PROVIDER_ID),
      ),
    );
  if (!row) throw new NotFoundError('Google account');
  return row;
}

/**
 * The id of the user's primary Google account: the one set in user_settings while it exists, else
 * the auth account, else the first linked; undefined without any.
 */
export async function primaryGoogleAccountId(
  db: Database,
  userId: string,
): Promise<string | undefined> {
  const rows = await db
    .select({ id: userGoogleAccounts.id, isAuth: userGoogleAccounts.isAuthAccount })
    .from(userGoogleAccounts)
    .where(eq(userGoogleAccounts.userId, userId))
    .orderBy(userGoogleAccounts.createdAt, userGoogleAccounts.id);
  const [settings] = await db
    .select({ primary: userSettings.primaryGoogleAccount })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return (
    rows.find((r) => r.id === settings?.primary)?.id ??
    rows.find((r) => r.isAuth)?.id ??
    rows[0]?.id
  );
}

/**
 * Removes the stored tokens of the accounts `where` selects ("the stored token is removed and
 * re-authentication is needed"); the accounts stay linked.
 */
export async function clearGoogleTokens(db: Database, where: SQL | undefined): Promise<void> {
  await db
    .update(account)
    .set({
      accessToken: null,
      refreshToken: null,
      accessTokenExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(where);
}

const removeTokens = (db: Database, accountId: string) =>
  clearGoogleTokens(db, eq(account.id, accountId));

/**
 * Refreshes the account's (omitted: the primary account's) access token at Google's token endpoint and stores it encrypted, valid
 * for Google's `expires_in` but at most 1 hour (1 hour when absent).
 * @throws NotFoundError when the account is not the user's Google account
 * @throws GoogleReconnectError without a refresh token or when Google refuses it; the stored
 *   tokens are then removed
 * @throws GoogleUnavailableError when Google does not answer or answers 5xx (tokens kept)
 */
export async function refreshGoogleAccount(
  deps: GoogleDeps,
  userId: string,
  accountId?: string,
): Promise<GoogleAccessToken> {
  const { db, google } = deps;
  const id = accountId ?? (await primaryGoogleAccountId(db, userId));
  if (!id) throw new NotFoundError('Google account');
  const row = await ownedAccount(db, userId, id);
  const crypto = await tokenCrypto(deps.auth);
  const refreshToken = row.refreshToken ? await crypto.decrypt(row.refreshToken) : null;
  if (!refreshToken) {
    await removeTokens(db, row.id);
    throw new GoogleReconnectError('No refresh token is stored for this Google account');
  }
  const res = await postGoogleTokenGrant(
    google,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    'Token refresh',
  );
  if (res.status >= 500) throw new GoogleUnavailableError(`Token refresh answered ${res.status}`);
  // A 200 that is not a token answer is Google misbehaving: keep the tokens and say so.
  if (!res.body && res.ok) throw new GoogleUnavailableError('Token refresh answered no token');
  const body = res.body ?? {};
  if (!res.ok || !body.access_token) {
    log.warn(
      { accountId: row.id, reason: body.error ?? res.status },
      '[google] token refresh refused',
    );
    await removeTokens(db, row.id);
    throw new GoogleReconnectError();
  }
  const now = (deps.now ?? (() => new Date()))();
  const validMs = Math.min((body.expires_in ?? 3600) * 1000, REFRESHED_VALIDITY_MS);
  const expiresAt = new Date(now.getTime() + validMs);
  await db
    .update(account)
    .set({
      accessToken: await crypto.encrypt(body.access_token),
      // Google keeps the refresh token; store a new one only when it sends one.
      ...(body.refresh_token ? { refreshToken: await crypto.encrypt(body.refresh_token) } : {}),
      accessTokenExpiresAt: expiresAt,
      ...(body.scope ? { scope: body.scope.split(' ').join(',') } : {}),
      updatedAt: new Date(),
    })
    .where(eq(account.id, row.id));
  return { accessToken: body.access_token, expiresAt };
}

/**
 * A usable access token of the user's Google account, refreshed first when it expires within
 * 10 minutes (the primary account) or 5 minutes (other linked accounts), or is missing.
 * @param accountId Better Auth `account` row id; omitted: the primary account
 * @throws NotFoundError when the user has no such Google account
 * @throws GoogleReconnectError / GoogleUnavailableError as {@link refreshGoogleAccount}
 */
export async function getGoogleAccessToken(
  deps: GoogleDeps,
  userId: string,
  accountId?: string,
): Promise<GoogleAccessToken> {
  const primaryId = await primaryGoogleAccountId(deps.db, userId);
  const id = accountId ?? primaryId;
  if (!id) throw new NotFoundError('Google account');
  const row = await ownedAccount(deps.db, userId, id);
  const window = id === primaryId ? PRIMARY_EXPIRY_WINDOW_MS : LINKED_EXPIRY_WINDOW_MS;
  const now = (deps.now ?? (() => new Date()))().getTime();
  const expiresAt = row.accessTokenExpiresAt ?? new Date(0);
  if (row.accessToken && expiresAt.getTime() - now > window) {
    const accessToken = await (await tokenCrypto(deps.auth)).decrypt(row.accessToken);
    return { accessToken, expiresAt };
  }
  return refreshGoogleAccount(deps, userId, id);
}

/**
 * Calls a Google API with the account's token; on 401 refreshes once and retries once.
 * @param call sends the request with the given bearer token and returns Google's answer
 * @returns the answer of the first call, or of the retry
 * @throws GoogleReconnectError ('Authentication failed, please reconnect Google Calendar') when
 *   the refresh fails (tokens removed) or the retry answers 401 again
 */
export async function withGoogleAuthRetry(
  deps: GoogleDeps,
  userId: string,
  accountId: string | undefined,
  call: (accessToken: string) => Promise<Response>,
): Promise<Response> {
  const id = accountId ?? (await primaryGoogleAccountId(deps.db, userId));
  if (!id) throw new NotFoundError('Google account');
  const first = await call((await getGoogleAccessToken(deps, userId, id)).accessToken);
  if (first.status !== 401) return first;
  await first.body?.cancel();
  const { accessToken } = await refreshGoogleAccount(deps, userId, id);
  const retry = await call(accessToken);
  if (retry.status === 401) {
    await retry.body?.cancel();
    throw new GoogleReconnectError('Google refused the refreshed token');
  }
  return retry;
}
