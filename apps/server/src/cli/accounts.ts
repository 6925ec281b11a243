/**
 * `npm run summy -- admin list|add <email>|remove <email>` and `npm run summy -- invite
 * list|add <email>|remove <email>`: who administers the server, and which addresses may sign up
 * when the sign-up mode is 'invite' (docs/decisions/037-administrators-and-sign-up.md). The
 * same services as Settings > Administration, with the same rules (never the last
 * administrator). Works on the server's database; takes effect at once, on a running server too (PostgreSQL; with PGlite stop the
 * server first, it allows one process at a time).
 */
import type { Database } from '@summy/db';
import type { Env } from '../env.ts';
import { ConflictError } from '../errors/app-errors.ts';
import { findUserIdByEmail, setUserRole } from '../services/admin/manage-users.ts';
import { listAdmins } from '../services/auth/admins.ts';
import {
  addInvite,
  getSignupMode,
  listInvites,
  removeInvite,
} from '../services/auth/signup-policy.ts';

/** Usage lines of the `admin` and `invite` commands. */
export const ACCOUNTS_USAGE = [
  'npm run summy -- admin list|add <email>|remove <email>',
  'npm run summy -- invite list|add <email>|remove <email>',
];

/** Where the command writes: stdout for results, stderr for usage and refusals. */
export interface AccountsCliIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/**
 * Runs an `admin` or `invite` command and resolves with the exit code: 0 done, 1 refused (no
 * such account, the last administrator, an address not invited; the reason on stderr), 2 usage.
 * @param args e.g. ['admin', 'add', 'ada@example.com']
 */
export async function runAccountsCommand(
  db: Database,
  env: Pick<Env, 'admins' | 'signup'>,
  args: string[],
  io: AccountsCliIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const [group, action, email, ...rest] = args;
  if (!isAccountsCommand(group, action, email, rest)) {
    io.err.write(`Usage:\n${ACCOUNTS_USAGE.map((l) => `  ${l}`).join('\n')}\n`);
    return 2;
  }
  return group === 'invite'
    ? runInviteCommand(db, env, action, email, io)
    : runAdminCommand(db, env, action, email, io);
}

type AccountsAction = 'list' | 'add' | 'remove';

/** Whether the words make a known command: add/remove take an e-mail, list takes nothing. */
function isAccountsCommand(
  group: string | undefined,
  action: string | undefined,
  email: string | undefined,
  rest: string[],
): action is AccountsAction {
  const needsEmail = action === 'add' || action === 'remove';
  return !(
    (group !== 'admin' && group !== 'invite') ||
    !['list', 'add', 'remove'].includes(action ?? '') ||
    (needsEmail ? !email?.includes('@') : email !== undefined) ||
    rest.length > 0
  );
}

/** Writes a refusal on stderr and answers exit code 1. */
function refuse(io: AccountsCliIo, message: string): number {
  io.err.write(`${message}\n`);
  return 1;
}

/** `invite list|add|remove`: the addresses that may sign up when the sign-up mode is 'invite'. */
async function runInviteCommand(
  db: Database,
  env: Pick<Env, 'signup'>,
  action: AccountsAction,
  email: string | undefined,
  io: AccountsCliIo,
): Promise<number> {
  if (action === 'list') {
    for (const invited of await listInvites(db)) io.out.write(`${invited}\n`);
    const { mode, source } = await getSignupMode(db, env.signup);
    if (mode !== 'invite') {
      const by = source === 'settings' ? 'set in Settings' : 'from SIGNUP';
      io.err.write(`Note: the sign-up mode is '${mode}' (${by}), not 'invite'.\n`);
    }
    return 0;
  }
  if (action === 'add') {
    await addInvite(db, email!);
    io.out.write(`Invited ${email!.toLowerCase()}\n`);
    return 0;
  }
  if (!(await removeInvite(db, email!))) return refuse(io, `${email} is not invited.`);
  io.out.write(`Withdrew the invitation of ${email!.toLowerCase()}\n`);
  return 0;
}

/** `admin list|add|remove`: who administers the server; the last one cannot be removed. */
async function runAdminCommand(
  db: Database,
  env: Pick<Env, 'admins'>,
  action: AccountsAction,
  email: string | undefined,
  io: AccountsCliIo,
): Promise<number> {
  if (action === 'list') {
    for (const admin of await listAdmins(db)) io.out.write(`${admin.email}  ${admin.name}\n`);
    return 0;
  }
  const userId = await findUserIdByEmail(db, email!);
  if (!userId) return refuse(io, `No account has the e-mail ${email}.`);
  if (action === 'add') {
    await setUserRole(db, userId, 'admin');
    io.out.write(`${email} is an administrator\n`);
    return 0;
  }
  const admins = await listAdmins(db);
  if (!admins.some((a) => a.email.toLowerCase() === email!.toLowerCase())) {
    return refuse(io, `${email} is not an administrator.`);
  }
  try {
    await setUserRole(db, userId, 'user');
  } catch (err) {
    if (err instanceof ConflictError) return refuse(io, `${email}: ${String(err.details)}`);
    throw err;
  }
  io.out.write(`${email} is no longer an administrator\n`);
  if (env.admins.includes(email!.toLowerCase())) {
    io.err.write(`Note: ${email} is in SUMMY_ADMINS and becomes one again at the next start.\n`);
  }
  return 0;
}
