/**
 * Who may create an account: 'open' anyone, 'invite' the e-mail addresses an administrator
 * invited, 'closed' nobody. The mode an administrator set in Settings > Administration (row
 * 'signup_mode' of `server_setting`) wins over SIGNUP, which stays the default of a fresh server.
 * Checked by Better Auth's `user.create.before` hook, so it holds for password sign-up and for
 * Google sign-in of a new user alike; existing accounts always sign in
 * (docs/decisions/037-administrators-and-sign-up.md, 077-administration-in-settings.md).
 */
import { asc, eq } from 'drizzle-orm';
import { serverSetting, signupInvite, type Database } from '@summy/db';
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

/** The `server_setting` key of the stored sign-up mode. */
const SIGNUP_MODE_KEY = 'signup_mode';
const MODES: readonly SignupMode[] = ['open', 'invite', 'closed'];

/** The sign-up mode in force and whether Settings ('settings') or SIGNUP ('environment') set it. */
export interface EffectiveSignupMode {
  mode: SignupMode;
  source: 'settings' | 'environment';
}

/**
 * The sign-up mode in force: the one stored from Settings, else `envMode` (SIGNUP). Read from the
 * database on every call, so a change holds at once on every server process.
 */
export async function getSignupMode(
  db: Database,
  envMode: SignupMode,
): Promise<EffectiveSignupMode> {
  const [row] = await db
    .select({ value: serverSetting.value })
    .from(serverSetting)
    .where(eq(serverSetting.key, SIGNUP_MODE_KEY));
  const stored = MODES.find((m) => m === row?.value);
  return stored ? { mode: stored, source: 'settings' } : { mode: envMode, source: 'environment' };
}

/** Stores the sign-up mode server-wide; it overrides SIGNUP from now on. */
export async function setSignupMode(db: Database, mode: SignupMode): Promise<void> {
  await db
    .insert(serverSetting)
    .values({ key: SIGNUP_MODE_KEY, value: mode })
    .onConflictDoUpdate({ target: serverSetting.key, set: { value: mode, updatedAt: new Date() } });
}

/**
 * Invites an address (idempotent).
 * @returns the invitation: its lower-case address and when it was first made
 */
export async function addInvite(
  db: Database,
  email: string,
): Promise<{ email: string; createdAt: Date }> {
  await db
    .insert(signupInvite)
    .values({ email: normalize(email) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ email: signupInvite.email, createdAt: signupInvite.createdAt })
    .from(signupInvite)
    .where(eq(signupInvite.email, normalize(email)));
  return row!;
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
  return (await listInvitations(db)).map((r) => r.email);
}

/** The invitations with when each was made, oldest first. */
export async function listInvitations(db: Database): Promise<{ email: string; createdAt: Date }[]> {
  return db
    .select({ email: signupInvite.email, createdAt: signupInvite.createdAt })
    .from(signupInvite)
    .orderBy(asc(signupInvite.createdAt));
}

function normalize(email: string): string {
  return email.trim().toLowerCase();
}
