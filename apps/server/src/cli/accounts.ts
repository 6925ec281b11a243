/**
 * `npm run summy -- admin list|add <email>|remove <email>` and `npm run summy -- invite
 * list|add <email>|remove <email>`: who administers the server, and which addresses may sign up
 * when SIGNUP=invite (docs/decisions/037-administrators-and-sign-up.md). Works on the server's
 * database; takes effect at once, on a running server too (PostgreSQL; with PGlite stop the
 * server first, it allows one process at a time).
 */
import type { Database } from '@summy/db';
import type { Env } from '../env.ts';
import { listAdmins, setAdmin } from '../services/auth/admins.ts';
import { addInvite, listInvites, removeInvite } from '../services/auth/signup-policy.ts';

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
  const needsEmail = action === 'add' || action === 'remove';
  if (
    (group !== 'admin' && group !== 'invite') ||
    !['list', 'add', 'remove'].includes(action ?? '') ||
    (needsEmail ? !email?.includes('@') : email !== undefined) ||
    rest.length > 0
  ) {
    io.err.write(`Usage:\n${ACCOUNTS_USAGE.map((l) => `  ${l}`).join('\n')}\n`);
    return 2;
  }
  const fail = (message: string) => {
    io.err.write(`${message}\n`);
    return 1;
  };

  if (group === 'invite') {
    if (action === 'list') {
      for (const invited of await listInvites(db)) io.out.write(`${invited}\n`);
      if (env.signup !== 'invite') io.err.write(`Note: SIGNUP is '${env.signup}', not 'invite'.\n`);
      return 0;
    }
    if (action === 'add') {
      await addInvite(db, email!);
      io.out.write(`Invited ${email!.toLowerCase()}\n`);
      return 0;
    }
    if (!(await removeInvite(db, email!))) return fail(`${email} is not invited.`);
    io.out.write(`Withdrew the invitation of ${email!.toLowerCase()}\n`);
    return 0;
  }

  if (action === 'list') {
    for (const admin of await listAdmins(db)) io.out.write(`${admin.email}  ${admin.name}\n`);
    return 0;
  }
  if (action === 'add') {
    if (!(await setAdmin(db, email!, true))) return fail(`No account has the e-mail ${email}.`);
    io.out.write(`${email} is an administrator\n`);
    return 0;
  }
  const admins = await listAdmins(db);
  const target = admins.find((a) => a.email.toLowerCase() === email!.toLowerCase());
  if (!target) return fail(`${email} is not an administrator.`);
  if (admins.length === 1) {
    return fail(`${email} is the last administrator: make another account one first.`);
  }
  await setAdmin(db, email!, false);
  io.out.write(`${email} is no longer an administrator\n`);
  if (env.admins.includes(email!.toLowerCase())) {
    io.err.write(`Note: ${email} is in SUMMY_ADMINS and becomes one again at the next start.\n`);
  }
  return 0;
}
