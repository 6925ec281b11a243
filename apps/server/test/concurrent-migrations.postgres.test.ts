/**
 * Processes that start together on an empty PostgreSQL database (a web and a worker process,
 * replicas of a deployment) migrate it once: one applies the migrations under an advisory lock,
 * the others wait for it and find nothing left to apply.
 */
import { describe, expect, it } from 'vitest';
import { knownMigrations, openDatabase } from '@summy/db';
import { createPostgresDatabase } from './harness.ts';

describe('migrations from several processes at once', () => {
  it('apply once and leave every process with the same schema', async () => {
    const url = await createPostgresDatabase({ migrated: false });
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })),
    );
    try {
      const applied = await Promise.all(handles.map((h) => h.migrate()));
      const known = await knownMigrations();
      for (const list of applied) expect(list).toEqual(known);
      const rows = await handles[0]!.appliedMigrations();
      expect(rows).toHaveLength(known.length);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  }, 120_000);
});
