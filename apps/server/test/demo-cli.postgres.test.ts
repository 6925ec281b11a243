/**
 * `npm run summy -- demo` as a child process beside a running server on one PostgreSQL, as the
 * README describes it: the server shows the demo meetings the command made, a second run keeps
 * them, and a bad invocation prints the usage.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, signUp, type Client } from './harness.ts';
import { runSummyCli, spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';
import { QMSUM_DIR } from './qmsum.ts';

let DATABASE_URL: string;
let server: SummyProcess;
let alice: Client;

beforeAll(async () => {
  DATABASE_URL = await createPostgresDatabase();
  server = await spawnSummy({ DATABASE_URL });
  await waitHealthy(server);
  alice = await signUp(server, 'Alice');
}, 120_000);
afterAll(() => server?.stop());

/** `npm run summy -- <args>` on the server's PostgreSQL, with a DATA_DIR of its own. */
function summy(args: string[]) {
  const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'summy-demo-cli-'));
  return runSummyCli({ DATA_DIR, DATABASE_URL }, args);
}

describe('summy demo (CLI)', () => {
  it('fills the account while the server runs, and keeps it on a second run', async () => {
    const made = await summy(['demo', '--user', alice.email, '--from', QMSUM_DIR]);
    expect(made.code, made.stderr).toBe(0);
    const lines = made.stdout.trim().split('\n');
    expect(lines[0]).toBe(`Demo data from ${QMSUM_DIR} for ${alice.email}`);
    expect(lines.filter((l) => /^created +meeting /.test(l))).toHaveLength(3);
    expect(lines.filter((l) => /^created +chat /.test(l))).toHaveLength(2);

    const list = await alice.get('/api/meetings');
    expect(list.body.items).toHaveLength(3);
    for (const item of list.body.items as { id: string }[]) {
      expect(made.stdout).toContain(`meeting ${item.id}`);
    }

    const again = await summy(['demo', '--user', alice.email, '--from', QMSUM_DIR]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim().split('\n').slice(1)).toEqual(
      lines.slice(1).map((l) => l.replace(/^created/, 'kept   ')),
    );
    expect((await alice.get('/api/meetings')).body.items).toHaveLength(3);
    // Two child processes that each start Node with tsx and seed three long meetings.
  }, 240_000);

  it('prints the usage without --user and the reason for an unknown user', async () => {
    const usage = await summy(['demo']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run summy -- demo --user <email> [--from DIR] [--reset]');
    const unknown = await summy(['demo', '--user', 'nobody@example.com', '--from', QMSUM_DIR]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user with email nobody@example.com');
  }, 120_000);
});
