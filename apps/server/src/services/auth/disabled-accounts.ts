/**
 * Disabled accounts (`user.disabled_at`): an administrator disables an account in Settings >
 * Administration; it cannot sign in (password, Google, OpenID Connect: Better Auth's
 * `session.create.before` hook refuses the new session), its API keys answer 401, and its
 * sessions end at once. Ending them needs more than deleting their rows: a signed session cookie
 * cache (docs/decisions/013-session-cookie-cache.md) vouches for a session without the database
 * for up to SESSION_CACHE_SECONDS, so every data-API request also passes {@link accountGate}
 * (docs/decisions/077-administration-in-settings.md).
 */
import { eq, isNotNull } from 'drizzle-orm';
import { user, type Database } from '@summy/db';

/** The sentence a disabled account's sign-in and requests are refused with. */
export const ACCOUNT_DISABLED_MESSAGE =
  'This account is disabled. Ask the administrator of this server to enable it again.';

/** True when the account exists and is disabled. */
export async function isDisabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ disabledAt: user.disabledAt })
    .from(user)
    .where(eq(user.id, userId));
  return Boolean(row?.disabledAt);
}

/**
 * The accounts this process refuses whatever their session cookie says: the disabled ones, read
 * again at most every {@link GATE_REFRESH_MS} (one small query, however many requests), and those
 * deleted or disabled here, refused at once.
 */
export interface AccountGate {
  /** True when requests of `userId` are to be refused. */
  refused(userId: string): Promise<boolean>;
  /** Refuses `userId` at once on this process (a disable or a delete made here). */
  refuse(userId: string): void;
  /** Lets `userId` through again on this process (an enable made here). */
  allow(userId: string): void;
}

/**
 * How old the list of disabled accounts may be, in ms: another process's disable reaches this
 * one's requests within this time (the process that disabled refuses at once).
 */
export const GATE_REFRESH_MS = 2000;

const gates = new WeakMap<Database, AccountGate>();

/** The gate of this process over `db` (one per database handle). */
export function accountGate(db: Database): AccountGate {
  let gate = gates.get(db);
  if (!gate) gates.set(db, (gate = createGate(db)));
  return gate;
}

function createGate(db: Database): AccountGate {
  let disabled = new Set<string>();
  let readAt = 0;
  let reading: Promise<void> | undefined;
  // Deleted accounts have no row left to read; remembered for the life of the process.
  const local = new Set<string>();
  const read = async () => {
    const rows = await db.select({ id: user.id }).from(user).where(isNotNull(user.disabledAt));
    disabled = new Set(rows.map((r) => r.id));
    readAt = Date.now();
  };
  return {
    async refused(userId) {
      if (local.has(userId)) return true;
      if (Date.now() - readAt > GATE_REFRESH_MS) {
        reading ??= read().finally(() => (reading = undefined));
        await reading;
      }
      return disabled.has(userId);
    },
    refuse: (userId) => void local.add(userId),
    allow(userId) {
      local.delete(userId);
      disabled.delete(userId);
    },
  };
}
