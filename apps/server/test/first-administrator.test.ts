/**
 * The first account of a server is its administrator, and only one is, however many sign up at
 * the same instant (docs/decisions/037-administrators-and-sign-up.md): each new account's check
 * runs under a lock once its row is saved. Real servers on fresh databases, on PGlite and on
 * PostgreSQL. On PGlite a process serves requests' database work one request at a time, so the
 * race needs PostgreSQL's pool: there a test holds the sign-ups' inserts back until every one
 * has found the server empty, as a burst of sign-ups over several web processes can.
 */
import { afterEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@summy/db';
import type { RunningServer } from '../src/server.ts';
import { signUp, startTestServer, testDbKind, type Client } from './harness.ts';

const ACCOUNTS = 8;
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The administrators in the database, and those whose session says they are one. */
async function administrators(clients: Client[]) {
  const inDatabase = await server!.database.query<{ id: string }>(
    `select id from "user" where role = 'admin'`,
  );
  const roles = await Promise.all(
    clients.map(async (c) => (await c.get('/api/auth/get-session')).body.user.role as string),
  );
  return {
    inDatabase: inDatabase.map((r) => r.id),
    bySession: clients.filter((_, i) => roles[i] === 'admin').map((c) => c.userId),
  };
}

it(`of ${ACCOUNTS} accounts signed up at once on a fresh server, exactly one is administrator`, async () => {
  server = await startTestServer();
  const clients = await Promise.all(
    Array.from({ length: ACCOUNTS }, (_, i) => signUp(server!, `First${i}`)),
  );
  const { inDatabase, bySession } = await administrators(clients);
  expect(inDatabase).toHaveLength(1);
  expect(bySession).toEqual(inDatabase);
  const later = await signUp(server, 'Later');
  expect((await later.get('/api/auth/get-session')).body.user.role).toBe('user');
});

it.runIf(testDbKind === 'postgres')(
  'sign-ups that all found the server empty before any was saved leave one administrator',
  async () => {
    server = await startTestServer();
    // Reads of "user" go on; inserts wait until this transaction ends.
    const blocker = await openDatabase({ databaseUrl: server.database.url, poolSize: 1 });
    let clients: Promise<Client[]> | undefined;
    try {
      await blocker.db.transaction(async (tx) => {
        await tx.execute(sql`lock table "user" in share mode`);
        clients = Promise.all(
          Array.from({ length: ACCOUNTS }, (_, i) => signUp(server!, `Racer${i}`)),
        );
        for (let waited = 0; ; waited += 50) {
          const { rows } = (await tx.execute(
            sql`select count(*)::int as n from pg_locks where relation = '"user"'::regclass and not granted`,
          )) as unknown as { rows: { n: number }[] };
          if (rows[0]!.n === ACCOUNTS) break;
          if (waited > 20_000) throw new Error(`only ${rows[0]!.n} sign-ups reached the insert`);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
    } finally {
      await blocker.close();
    }
    const { inDatabase, bySession } = await administrators(await clients!);
    expect(inDatabase).toHaveLength(1);
    expect(bySession).toEqual(inDatabase);
  },
);
