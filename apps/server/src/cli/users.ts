/**
 * `npm run summy -- user list|disable <email>|enable <email>|delete <email>`: the accounts of the
 * server, through the same services as Settings > Administration and with the same rules (never
 * the last enabled administrator; docs/decisions/077-administration-in-settings.md). `delete`
 * removes the account with all its data and stored recordings. With PGlite, stop the server
 * first (it allows one process at a time); on PostgreSQL a running server's other processes
 * refuse a disabled account within 2 s.
 */
import type { Database } from '@summy/db';
import { AppError } from '../errors/app-errors.ts';
import { listUsers } from '../services/admin/list-users.ts';
import { deleteUser, findUserIdByEmail, setUserDisabled } from '../services/admin/manage-users.ts';
import type { Storage } from '../storage/types.ts';
import type { AccountsCliIo } from './accounts.ts';

/** Usage line of the `user` command. */
export const USERS_USAGE =
  'npm run summy -- user list|disable <email>|enable <email>|delete <email>';

const ACTIONS = ['disable', 'enable', 'delete'] as const;
type UserAction = (typeof ACTIONS)[number];

/**
 * Runs a `user` command and resolves with the exit code: 0 done, 1 refused (no such account, the
 * last administrator; the reason on stderr), 2 usage.
 * @param args e.g. ['user', 'disable', 'ada@example.com']
 */
export async function runUserCommand(
  deps: { db: Database; storage: Storage },
  args: string[],
  io: AccountsCliIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const [group, action, email, ...rest] = args;
  if (group === 'user' && action === 'list' && email === undefined) {
    for (const u of await listUsers(deps.db, deps.storage)) {
      const state = [u.role === 'admin' ? 'admin' : 'user', u.disabledAt ? 'disabled' : ''];
      io.out.write(`${u.email}  ${u.name}  ${state.filter(Boolean).join(', ')}\n`);
    }
    return 0;
  }
  const known = ACTIONS.find((a) => a === action);
  if (group !== 'user' || !known || !email?.includes('@') || rest.length > 0) {
    io.err.write(`Usage:\n  ${USERS_USAGE}\n`);
    return 2;
  }
  const userId = await findUserIdByEmail(deps.db, email);
  if (!userId) return refuse(io, `No account has the e-mail ${email}.`);
  try {
    await apply(deps, known, userId);
  } catch (err) {
    if (err instanceof AppError && err.status === 409) {
      return refuse(io, `${email}: ${String(err.details)}`);
    }
    throw err;
  }
  io.out.write(`${email} is ${known === 'delete' ? 'deleted' : `${known}d`}\n`);
  return 0;
}

/** The service call of an action; no acting administrator (the CLI runs as the server's owner). */
async function apply(
  { db, storage }: { db: Database; storage: Storage },
  action: UserAction,
  userId: string,
): Promise<void> {
  if (action === 'delete') await deleteUser(db, storage, undefined, userId);
  else await setUserDisabled(db, undefined, userId, action === 'disable');
}

function refuse(io: AccountsCliIo, message: string): number {
  io.err.write(`${message}\n`);
  return 1;
}
