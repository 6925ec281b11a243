/**
 * `summy admin`, `summy invite` and `summy user` over a real database: listing, giving and taking
 * the administrator role (never the last one), a note for an address of SUMMY_ADMINS, invitations
 * added, listed and withdrawn, accounts disabled, enabled and deleted, and usage errors.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server.ts';
import { signUp, startTestServer, type Client } from '../../test/harness.ts';
import { runAccountsCommand } from './accounts.ts';
import { runUserCommand } from './users.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(async () => {
  await server?.close();
});

async function run(args: string[], admins: string[] = []) {
  return capture((io) =>
    args[0] === 'user'
      ? runUserCommand({ db: server.database.db, storage: server.storage }, args, io)
      : runAccountsCommand(server.database.db, { admins, signup: 'invite' }, args, io),
  );
}

async function capture(command: (io: { out: PassThrough; err: PassThrough }) => Promise<number>) {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = { out: '', err: '' };
  out.on('data', (c: Buffer) => (chunks.out += c.toString()));
  err.on('data', (c: Buffer) => (chunks.err += c.toString()));
  const code = await command({ out, err });
  return { code, ...chunks };
}

describe('summy admin and invite', () => {
  it('lists, gives and takes the administrator role, never the last one', async () => {
    expect(await run(['admin', 'list'])).toMatchObject({ code: 0, out: `${alice.email}  Alice\n` });
    expect((await run(['admin', 'remove', alice.email])).err).toContain(
      'is the last administrator',
    );
    expect((await run(['admin', 'add', bob.email.toUpperCase()])).code).toBe(0);
    expect((await run(['admin', 'list'])).out.split('\n').filter(Boolean)).toHaveLength(2);
    expect((await bob.delete('/api/models/no-such-model')).status).toBe(404);

    const removed = await run(['admin', 'remove', bob.email], [bob.email]);
    expect(removed.code).toBe(0);
    expect(removed.err).toContain('is in SUMMY_ADMINS and becomes one again at the next start');
    expect((await bob.delete('/api/models/no-such-model')).status).toBe(403);
    expect(await run(['admin', 'add', 'nobody@example.com'])).toMatchObject({
      code: 1,
      err: 'No account has the e-mail nobody@example.com.\n',
    });
  });

  it('adds, lists and withdraws invitations', async () => {
    expect((await run(['invite', 'add', 'Zoe@Example.com'])).out).toBe('Invited zoe@example.com\n');
    expect((await run(['invite', 'list'])).out).toBe('zoe@example.com\n');
    expect((await run(['invite', 'remove', 'zoe@example.com'])).code).toBe(0);
    expect((await run(['invite', 'remove', 'zoe@example.com'])).code).toBe(1);
    expect((await run(['invite', 'list'])).out).toBe('');
  });

  it('answers usage errors with exit code 2', async () => {
    for (const args of [
      ['admin'],
      ['admin', 'add'],
      ['invite', 'drop', 'a@b.c'],
      ['admin', 'list', 'x'],
    ]) {
      const res = await run(args);
      expect(res.code).toBe(2);
      expect(res.err).toContain('npm run summy -- admin list|add <email>|remove <email>');
    }
  });

  it('lists, disables, enables and deletes users, never the last administrator', async () => {
    const listed = await run(['user', 'list']);
    expect(listed.out).toContain(`${alice.email}  Alice  admin\n`);
    expect(await run(['user', 'disable', alice.email])).toMatchObject({
      code: 1,
      err: `${alice.email}: This is the last administrator: make another account an administrator first.\n`,
    });
    expect((await run(['user', 'disable', bob.email])).out).toBe(`${bob.email} is disabled\n`);
    expect((await bob.get('/api/meetings')).status).toBe(401);
    expect((await run(['user', 'list'])).out).toContain(`${bob.email}  Bob  user, disabled\n`);
    expect((await run(['user', 'enable', bob.email])).code).toBe(0);
    const carol = await signUp(server, 'Carol');
    expect((await run(['user', 'delete', carol.email])).out).toBe(`${carol.email} is deleted\n`);
    expect((await run(['user', 'list'])).out).not.toContain(carol.email);
    expect((await run(['user', 'delete', carol.email])).code).toBe(1);
    expect((await run(['user', 'drop', carol.email])).code).toBe(2);
  });
});
