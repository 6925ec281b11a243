/**
 * Who may create an account (SIGNUP): 'open' anyone, 'invite' the e-mail addresses an
 * administrator invited, 'closed' nobody. Checked by Better Auth's `user.create.before` hook, so
 * it holds for password sign-up and for Google sign-in of a new user alike; existing accounts
 * always sign in (docs/decisions/037-administrators-and-sign-up.md).
 */
import { asc, eq } from 'drizzle-orm';
import { signupInvite, type Database } from '@summy/db';
import type { SignupMode } from '../../env.ts';

/** Why a sign-up was refused: a stable code (Better Auth's error `code`) and a sentence. */
export interface SignupRefusal {
  code: 'SIGNUP_CLOSED' | 'SIGNUP_NOT_INVITED';
  message: string;
}

/** The sentence of a closed server. */
export const SIGNUP_CLOSED_MESSAGE =
  'Sign-up is closed on this server. Ask its administrator to create an account for you.';
/** The sentence of an invitation-only server, for an address not invited. */
export const SIGNUP_NOT_INVITED_MESSAGE =
  'Sign-up on this server is by invitation. Ask its administrator to invite this e-mail address.';

/**
 * Checks whether `email` may create an account under `mode`.
 * @returns undefined when allowed, else the refusal to answer
 */
export async function checkSignup(
  db: Database,
  mode: SignupMode,
  email: string,
): Promise<SignupRefusal | undefined> {
  if (mode === 'open') return undefined;
  if (mode === 'closed') return { code: 'SIGNUP_CLOSED', message: SIGNUP_CLOSED_MESSAGE };
  const [invited] = await db
    .select({ email: signupInvite.email })
    .from(signupInvite)
    .where(eq(signupInvite.email, normalize(email)));
  return invited ? undefined : { code: 'SIGNUP_NOT_INVITED', message: SIGNUP_NOT_INVITED_MESSAGE };
}

/** Invites an address (idempotent). */
export async function addInvite(db: Database, email: string): Promise<void> {
  await db
    .insert(signupInvite)
    .values({ email: normalize(email) })
    .onConflictDoNothing();
}

/**
 * Withdraws an invitation, or uses it up once its account exists.
 * @returns false when the address was not invited
 */
export async function removeInvite(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .delete(signupInvite)
    .where(eq(signupInvite.email, normalize(email)))
    .returning({ email: signupInvite.email });
  return rows.length > 0;
}

/** The invited addresses, oldest first. */
export async function listInvites(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: signupInvite.email })
    .from(signupInvite)
    .orderBy(asc(signupInvite.createdAt));
  return rows.map((r) => r.email);
}

function normalize(email: string): string {
  return email.trim().toLowerCase();
}
