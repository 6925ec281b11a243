/** The real entry point: starts with no configuration, migrates, and refuses bad settings clearly. */
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDbKind } from './harness.ts';
import { spawnSummy, waitHealthy } from './processes.ts';

describe('start-up', () => {
  // A first start on PGlite creates its database (initdb, about 10 s of CPU; decision 012).
  it(`starts and applies migrations (${testDbKind})`, { timeout: 300_000 }, async () => {
    // An empty database: this start must apply every migration itself.
    const settings: Record<string, string> =
      testDbKind === 'postgres'
        ? { DATABASE_URL: await createPostgresDatabase({ migrated: false }) }
        : {};
    const proc = await spawnSummy(settings);
    try {
      const health = (await waitHealthy(proc, 240_000)) as {
        database: { kind: string; migrations: { pending: string[] } };
        jobs: { queues: string[] };
      };
      expect(health.database.kind).toBe(testDbKind);
      expect(health.database.migrations.pending).toEqual([]);
      // pg-boss created its tables and Summy's queues on the same database.
      expect(health.jobs.queues).toContain('meeting.process');
      expect(proc.output()).toContain('Summy is running at');
    } finally {
      await proc.stop();
    }
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'http://not-postgres' }, 'DATABASE_URL'],
    [{ GOOGLE_CLIENT_ID: 'only-half' }, 'GOOGLE_CLIENT_SECRET'],
    [
      { ANTHROPIC_BASE_URL: 'api.anthropic.com' },
      'ANTHROPIC_BASE_URL must be a http: or https: URL',
    ],
  ])('stops with a message naming the bad setting %o', async (settings, name) => {
    const proc = await spawnSummy(settings);
    const code = await proc.exited;
    expect(code).toBe(1);
    expect(proc.output()).toMatch(/Summy cannot start\. (Missing|Invalid) backend configuration/);
    expect(proc.output()).toContain(name);
  });
});
