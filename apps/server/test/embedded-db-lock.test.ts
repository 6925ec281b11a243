/**
 * One process at a time on the embedded database
 * (docs/decisions/034-one-process-per-embedded-database.md), with real processes as people run
 * them: `npm run summy -- demo`, `import` and a second server against a running server's DATA_DIR
 * are refused with the server's pid and what to do, and leave its data whole; after the server is killed with SIGKILL the next start takes its stale lock over. Only
 * PGlite has the lock: PostgreSQL is shared by design.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, testDbKind } from './harness.ts';
import { runSummyCli, spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';

const procs: SummyProcess[] = [];
afterAll(async () => {
  for (const p of procs) await p.stop();
});

/** A folder with one small meeting in QMSum's format, as `summy demo --from` reads it. */
function tinyCorpus(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'summy-lock-corpus-'));
  mkdirSync(path.join(root, 'standup'));
  const turns = [
    { speaker: 'Project Manager', content: 'We ship the release on Friday after the review.' },
    { speaker: 'Marketing', content: 'I will write the release notes by Thursday.' },
  ];
  writeFileSync(
    path.join(root, 'standup', 'standup.qmsum.json'),
    JSON.stringify({
      meeting_transcripts: turns,
      specific_query_list: [{ query: 'When do we ship?' }],
    }),
  );
  return root;
}

describe.skipIf(testDbKind === 'postgres')('the embedded database, one process at a time', () => {
  // Four processes start, one after the other, on a loaded machine.
  it(
    'refuses the CLI and a second server, and recovers the lock of a killed one',
    {
      timeout: 480_000,
    },
    async () => {
      const settings = {
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'summy-lock-')),
        AUTH_SECRET: 'lock-secret-lock-secret-lock-secret-lock',
      };
      const first = await spawnSummy(settings, { migrated: true });
      procs.push(first);
      await waitHealthy(first, 240_000);
      const alice = await signUp(first, 'Alice');
      const saved = await alice.post('/api/meetings', {
        title: 'Saved first',
        transcript: 'A: hi.',
      });
      expect(saved.status).toBe(201);
      const pid = first.child.pid!;

      const demo = await runSummyCli(settings, [
        'demo',
        '--user',
        alice.email,
        '--from',
        tinyCorpus(),
      ]);
      expect(demo.code).toBe(1);
      expect(demo.stdout).not.toContain('created');
      expect(demo.stderr).toContain(`in use by process ${pid} (the Summy server`);
      expect(demo.stderr).toContain(`stop process ${pid} first`);
      expect(demo.stderr).toContain('DATABASE_URL');
      const imported = await runSummyCli(settings, ['import', 'any.wav', '--user', alice.email]);
      expect(imported.code).toBe(1);
      expect(imported.stderr).toContain(`in use by process ${pid} (the Summy server`);

      const second = await spawnSummy(settings);
      procs.push(second);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`Summy cannot start. The embedded database in`);
      expect(second.output()).toContain(`in use by process ${pid}`);

      // The first server was not disturbed: it answers, with what it saved.
      const list = await alice.get('/api/meetings');
      expect(list.status).toBe(200);
      expect((list.body.items as { title: string }[]).map((m) => m.title)).toEqual(['Saved first']);

      first.child.kill('SIGKILL');
      await first.exited;
      const lockFile = path.join(settings.DATA_DIR, 'pglite.lock');
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid });
      const third = await spawnSummy({ ...settings, PORT: String(new URL(first.url).port) });
      procs.push(third);
      await waitHealthy(third);
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({
        pid: third.child.pid,
        command: 'the Summy server',
      });
      const again = await alice.get(`/api/meetings/${saved.body.id as string}`);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ title: 'Saved first' });
    },
  );
});
