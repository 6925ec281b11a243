/**
 * What an administrator does to an account, from Settings > Administration or `npm run summy --
 * admin|user …` alike: make or revoke administrator, disable or enable, delete with its data.
 * The rules hold here, for both: the server always keeps an enabled administrator, and nobody
 * disables or deletes their own account. The checks and the change run in one transaction under
 * an advisory lock, so two administrators revoking each other at the same moment leave one
 * (docs/decisions/077-administration-in-settings.md).
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { session, user, type Database } from '@summy/db';
import { ConflictError, NotFoundError } from '../../errors/app-errors.ts';
import type { Storage } from '../../storage/types.ts';
import type { UserRole } from '../auth/admins.ts';
import { accountGate } from '../auth/disabled-accounts.ts';
import { deleteUserObjects } from './storage-usage.ts';

/** Refusal of a change that would leave no enabled administrator. */
export const LAST_ADMIN_MESSAGE =
  'This is the last administrator: make another account an administrator first.';
/** Refusal of disabling or deleting one's own account. */
export const SELF_MESSAGE = 'You cannot disable or delete your own account.';

const ADMINS_LOCK = 'summy:administrators';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `fn` in a transaction holding the administrators' lock, after checking that `userId`
 * exists; `fn` gets whether another enabled administrator exists.
 * @throws NotFoundError 404 'User not found'
 */
async function underAdminsLock<T>(
  db: Database,
  userId: string,
  fn: (tx: Tx, target: { role: string }, othersEnabled: boolean) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ADMINS_LOCK}))`);
    const [target] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId));
    if (!target) throw new NotFoundError('User');
    const [other] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'admin'), isNull(user.disabledAt), ne(user.id, userId)))
      .limit(1);
    return fn(tx, target, Boolean(other));
  });
}

/**
 * Makes the account an administrator or a user.
 * @throws NotFoundError 404 for an unknown id
 * @throws ConflictError 409 {@link LAST_ADMIN_MESSAGE} when it is the last enabled administrator
 */
export async function setUserRole(db: Database, userId: string, role: UserRole): Promise<void> {
  await underAdminsLock(db, userId, async (tx, target, othersEnabled) => {
    if (role === 'user' && target.role === 'admin' && !othersEnabled) {
      throw new ConflictError(LAST_ADMIN_MESSAGE);
    }
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
  });
}

/**
 * Disables the account (its sessions end, it cannot sign in, its API keys answer 401) or enables
 * it again.
 * @param actorId the administrator acting, who cannot disable themself
 * @throws NotFoundError 404 for an unknown id
 * @throws ConflictError 409 for one's own account or the last enabled administrator
 */
export async function setUserDisabled(
  db: Database,
  actorId: string | undefined,
  userId: string,
  disabled: boolean,
): Promise<void> {
  if (!disabled) {
    const rows = await db
      .update(user)
      .set({ disabledAt: null, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id });
    if (rows.length === 0) throw new NotFoundError('User');
    accountGate(db).allow(userId);
    return;
  }
  await underAdminsLock(db, userId, async (tx, target, othersEnabled) => {
    refuseRemoval(actorId, userId, target.role, othersEnabled);
    await tx
      .update(user)
      .set({ disabledAt: sql`coalesce(${user.disabledAt}, now())`, updatedAt: new Date() })
      .where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
  });
  accountGate(db).refuse(userId);
}

/**
 * Deletes the account with everything it owns: its stored objects (recordings, mixes, voice
 * clips), then its row, whose deletion cascades to every table of its data (meetings, action
 * items, chats, keys, sessions, linked accounts…). It is disabled first, so nothing new is
 * written meanwhile; a failed object delete leaves the account disabled, to delete again.
 * @param actorId the administrator acting, who cannot delete themself
 * @returns how many stored objects were deleted
 * @throws NotFoundError 404 for an unknown id
 * @throws ConflictError 409 for one's own account or the last enabled administrator
 */
export async function deleteUser(
  db: Database,
  storage: Storage,
  actorId: string | undefined,
  userId: string,
): Promise<number> {
  await setUserDisabled(db, actorId, userId, true);
  const objects = await deleteUserObjects(storage, userId);
  await db.delete(user).where(eq(user.id, userId));
  return objects;
}

/** The id of the account with this e-mail (any case), or undefined. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row?.id;
}

/** The rules of disabling and deleting: never oneself, never the last enabled administrator. */
function refuseRemoval(
  actorId: string | undefined,
  userId: string,
  role: string,
  othersEnabled: boolean,
): void {
  if (actorId === userId) throw new ConflictError(SELF_MESSAGE);
  if (role === 'admin' && !othersEnabled) throw new ConflictError(LAST_ADMIN_MESSAGE);
}
