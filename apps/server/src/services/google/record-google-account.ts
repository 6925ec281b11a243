/**
 * The profile row (`user_google_accounts`) of a Google account Better Auth has just created, from
 * the id_token Google returned with it (openid is always asked).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { account, userGoogleAccounts, type Database } from '@summy/db';
import { googleIdTokenClaims } from '../../integrations/google/id-token.ts';

/** The part of Better Auth's new `account` row this needs. */
export interface CreatedAccount {
  id: string;
  userId: string;
  idToken?: string | null;
}

/**
 * Records a new Google account's e-mail, name and photo. It is the auth account when it is the
 * user's only credential (the user signed up with it); a user who signed up with e-mail and
 * password, or who links a second Google account, gets a non-auth account.
 */
export async function recordGoogleAccount(db: Database, created: CreatedAccount): Promise<void> {
  const claims = googleIdTokenClaims(created.idToken);
  if (!claims.email) return;
  const [others] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(account)
    .where(and(eq(account.userId, created.userId), ne(account.id, created.id)));
  await db
    .insert(userGoogleAccounts)
    .values({
      id: created.id,
      userId: created.userId,
      email: claims.email.toLowerCase(),
      name: claims.name ?? null,
      photoUrl: claims.picture ?? null,
      isAuthAccount: (others?.n ?? 0) === 0,
    })
    .onConflictDoNothing();
}
