/**
 * Linked Google accounts of a user: list, set primary, count and flag the meetings of an account,
 * remove, status, disconnect, and link by an authorization code. Every query is scoped to the user;
 * another user's account answers 404.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { GoogleAccount, GoogleStatus } from '@summy/core';
import { account, meetings, userGoogleAccounts, userSettings, type Database } from '@summy/db';
import { GOOGLE_PROVIDER_ID } from '../../integrations/google/settings.ts';
import {
  AppError,
  AuthAccountNotRemovableError,
  NotFoundError,
  ValidationError,
} from '../../errors/app-errors.ts';
import {
  exchangeGoogleCode,
  fetchGoogleProfile,
  revokeGoogleToken,
} from '../../integrations/google/oauth.ts';
import { recordGoogleAccount } from './record-google-account.ts';
import {
  clearGoogleTokens,
  primaryGoogleAccountId,
  type GoogleDeps,
} from '../../integrations/google/tokens.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';

/** The user's Google accounts, oldest first, without tokens. */
export async function listGoogleAccounts(db: Database, userId: string): Promise<GoogleAccount[]> {
  const rows = await db
    .select({
      id: userGoogleAccounts.id,
      email: userGoogleAccounts.email,
      name: userGoogleAccounts.name,
      photoUrl: userGoogleAccounts.photoUrl,
      isAuthAccount: userGoogleAccounts.isAuthAccount,
      createdAt: userGoogleAccounts.createdAt,
      scope: account.scope,
      expiresAt: account.accessTokenExpiresAt,
      hasRefresh: sql<boolean>`${account.refreshToken} is not null`,
    })
    .from(userGoogleAccounts)
    .innerJoin(account, eq(account.id, userGoogleAccounts.id))
    .where(eq(userGoogleAccounts.userId, userId))
    .orderBy(asc(userGoogleAccounts.createdAt), asc(userGoogleAccounts.id));
  const primary = await primaryGoogleAccountId(db, userId);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    photoUrl: r.photoUrl,
    isPrimary: r.id === primary,
    isAuthAccount: r.isAuthAccount,
    scopes: r.scope ? r.scope.split(/[ ,]+/).filter(Boolean) : [],
    expiresAt: r.expiresAt?.toISOString() ?? null,
    connected: r.hasRefresh,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function ownedProfile(db: Database, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(userGoogleAccounts)
    .where(and(eq(userGoogleAccounts.id, accountId), eq(userGoogleAccounts.userId, userId)));
  if (!row) throw new NotFoundError('Google account');
  return row;
}

/** Makes the account the user's primary one. @throws NotFoundError when not the user's. */
export async function setPrimaryGoogleAccount(
  db: Database,
  userId: string,
  accountId: string,
): Promise<GoogleAccount[]> {
  await ownedProfile(db, userId, accountId);
  await db
    .insert(userSettings)
    .values({ userId, primaryGoogleAccount: accountId })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { primaryGoogleAccount: accountId, updatedAt: new Date() },
    });
  return listGoogleAccounts(db, userId);
}

const linkedThrough = (userId: string, accountId: string) =>
  and(
    eq(meetings.userId, userId),
    eq(meetings.calendarAccountId, accountId),
    isNotNull(meetings.calendarEventId),
  );

/** How many of the user's meetings are linked to calendar events through the account. */
export async function countGoogleAccountMeetings(
  db: Database,
  userId: string,
  accountId: string,
): Promise<number> {
  await ownedProfile(db, userId, accountId);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(meetings)
    .where(linkedThrough(userId, accountId));
  return row?.n ?? 0;
}

/**
 * Removes a linked account and its tokens (revoked at Google, best effort). Its meetings keep all
 * their data and are flagged `calendar_account_removed` with the account's e-mail.
 * @returns how many meetings were flagged
 * @throws AuthAccountNotRemovableError for the sign-in account; NotFoundError when not the user's
 */
export async function removeGoogleAccount(
  deps: GoogleDeps,
  userId: string,
  accountId: string,
): Promise<number> {
  const { db } = deps;
  const profile = await ownedProfile(db, userId, accountId);
  if (profile.isAuthAccount) throw new AuthAccountNotRemovableError();
  const [tokens] = await db
    .select({ refreshToken: account.refreshToken })
    .from(account)
    .where(eq(account.id, accountId));
  const flagged = await db.transaction(async (tx) => {
    const rows = await tx
      .update(meetings)
      .set({
        calendarAccountRemoved: true,
        calendarAccountEmail: profile.email,
        updatedAt: new Date(),
      })
      .where(linkedThrough(userId, accountId))
      .returning({ id: meetings.id });
    await tx.delete(account).where(and(eq(account.id, accountId), eq(account.userId, userId)));
    return rows.length;
  });
  if (tokens?.refreshToken) await revoke(deps, tokens.refreshToken);
  return flagged;
}

async function revoke(deps: GoogleDeps, encrypted: string): Promise<void> {
  try {
    const token = await (await tokenCrypto(deps.auth)).decrypt(encrypted);
    await revokeGoogleToken(deps.google, token);
  } catch {
    // Revocation is a courtesy: the tokens are already deleted here.
  }
}

/**
 * `connected` when the primary account holds a refresh token; else `error` says why.
 */
export async function googleStatus(db: Database, userId: string): Promise<GoogleStatus> {
  const accounts = await listGoogleAccounts(db, userId);
  const primary = accounts.find((a) => a.isPrimary);
  if (!primary) return { connected: false, error: 'No Google account is linked' };
  if (!primary.connected) return { connected: false, error: 'Google needs to be reconnected' };
  return { connected: true };
}

/**
 * Disconnects Google: every linked account of the user loses its tokens (revoked at Google, best
 * effort); the accounts stay listed, to be reconnected by signing in with them again.
 */
export async function disconnectGoogle(deps: GoogleDeps, userId: string): Promise<void> {
  const rows = await deps.db
    .select({ id: account.id, refreshToken: account.refreshToken })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, GOOGLE_PROVIDER_ID)));
  await clearGoogleTokens(
    deps.db,
    and(eq(account.userId, userId), eq(account.providerId, GOOGLE_PROVIDER_ID)),
  );
  for (const r of rows) if (r.refreshToken) await revoke(deps, r.refreshToken);
}

/**
 * Exchanges an authorization code (obtained by the browser with `redirect_uri`, which must be on
 * Summy's own origin) and links the Google account to the user, or renews its tokens when it is
 * linked already (`/api/google/token` and `/api/google/add-account`).
 * @returns the account's e-mail
 * @throws ValidationError for a foreign redirect_uri; AppError 400 'Failed to exchange
 *   authorization code' when Google refuses the code; 409 when another user holds the account
 */
export async function linkGoogleAccountByCode(
  deps: GoogleDeps & { publicUrl: string },
  userId: string,
  code: string,
  redirectUri: string,
): Promise<{ email: string; accountId: string }> {
  if (new URL(redirectUri).origin !== new URL(deps.publicUrl).origin) {
    throw new ValidationError('redirect_uri must be on this server');
  }
  const body = await exchangeGoogleCode(deps.google, code, redirectUri);
  const profile = await fetchGoogleProfile(deps.google, body.access_token);
  const crypto = await tokenCrypto(deps.auth);
  const ctx = await deps.auth.$context;
  const now = (deps.now ?? (() => new Date()))();
  const tokens = {
    accessToken: await crypto.encrypt(body.access_token),
    ...(body.refresh_token ? { refreshToken: await crypto.encrypt(body.refresh_token) } : {}),
    idToken: body.id_token ?? null,
    accessTokenExpiresAt: new Date(now.getTime() + (body.expires_in ?? 3600) * 1000),
    scope: body.scope?.split(' ').join(',') ?? null,
    updatedAt: new Date(),
  };
  const [existing] = await deps.db
    .select({ id: account.id, userId: account.userId })
    .from(account)
    .where(and(eq(account.providerId, GOOGLE_PROVIDER_ID), eq(account.accountId, profile.sub)));
  if (existing && existing.userId !== userId) {
    throw new AppError(
      409,
      'Failed to add Google account',
      'This Google account belongs to another user',
    );
  }
  if (existing) {
    await deps.db.update(account).set(tokens).where(eq(account.id, existing.id));
    return { email: profile.email, accountId: existing.id };
  }
  const created = await ctx.internalAdapter.createAccount({
    userId,
    providerId: GOOGLE_PROVIDER_ID,
    accountId: profile.sub,
    ...tokens,
  });
  // createAccount runs the hook that records the profile; make sure, outside any auth endpoint.
  await recordGoogleAccount(deps.db, { id: created.id, userId, idToken: body.id_token });
  return { email: profile.email, accountId: created.id };
}
