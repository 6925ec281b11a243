/**
 * Administrators: the accounts with `user.role = 'admin'`. They manage what every user of the
 * server shares (its speech models) and who may sign up. The first account becomes one, so does
 * every address of SUMMY_ADMINS (made so at start and at sign-up), and `summy admin add|remove`
 * changes the rest (docs/decisions/037-administrators-and-sign-up.md).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { user, type Database } from '@summy/db';

/** A user's role: 'admin' or 'user'. */
export type UserRole = 'admin' | 'user';

/** An administrator as `summy admin list` prints it. */
export interface AdminAccount {
  email: string;
  name: string;
}

/**
 * True when the user is an administrator, read from the database on every call (a role taken
 * away takes effect at once, whatever a session cookie cached).
 */
export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === 'admin';
}

/**
 * The role a new account gets: 'admin' for an address of SUMMY_ADMINS or the server's first
 * account, else 'user'. Accounts created at the very same moment on an empty server may all
 * look first here; `settleFirstAccount`, once each is saved, keeps one of them administrator.
 * @param email the new account's e-mail, any case
 * @param admins env.admins (lower-case)
 */
export async function roleOfNewUser(
  db: Database,
  email: string,
  admins: readonly string[],
): Promise<UserRole> {
  if (admins.includes(email.trim().toLowerCase())) return 'admin';
  const [any] = await db.select({ id: user.id }).from(user).limit(1);
  return any ? 'user' : 'admin';
}

/**
 * Key of the transaction-scoped advisory lock under which the first-account checks run one at a
 * time, across the server's processes.
 */
const FIRST_ACCOUNT_LOCK = 'summy:first-account';

/**
 * Settles the first-account rule for a new account, once its row is committed (Better Auth's
 * `user.create.after` hook): an account that `roleOfNewUser` made administrator for being first
 * stays one only if no other administrator exists by now, else it becomes a user. The check and
 * the change hold an advisory lock, so of the accounts created at the same instant on an empty
 * server, whose rows are all committed before their checks, exactly one stays administrator.
 * @param created the new account as saved (its `role` as `roleOfNewUser` set it)
 * @param admins env.admins (lower-case): their addresses stay administrators
 * @returns the account's role now
 */
export async function settleFirstAccount(
  db: Database,
  created: { id: string; email: string; role?: unknown },
  admins: readonly string[],
): Promise<UserRole> {
  if (created.role !== 'admin') return 'user';
  if (admins.includes(created.email.trim().toLowerCase())) return 'admin';
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FIRST_ACCOUNT_LOCK}))`);
    const [other] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'admin'), ne(user.id, created.id)))
      .limit(1);
    if (!other) return 'admin';
    await tx.update(user).set({ role: 'user' }).where(eq(user.id, created.id));
    return 'user';
  });
}

/** Makes the existing accounts of SUMMY_ADMINS administrators (at start). */
export async function promoteConfiguredAdmins(
  db: Database,
  admins: readonly string[],
): Promise<void> {
  if (admins.length === 0) return;
  await db
    .update(user)
    .set({ role: 'admin' })
    .where(inArray(sql`lower(${user.email})`, [...admins]));
}

/**
 * Gives or takes the administrator role of the account with this e-mail.
 * @returns false when no account has this e-mail
 */
export async function setAdmin(db: Database, email: string, admin: boolean): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ role: admin ? 'admin' : 'user', updatedAt: new Date() })
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** Every administrator, oldest account first. */
export async function listAdmins(db: Database): Promise<AdminAccount[]> {
  return db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(asc(user.createdAt));
}
