/**
 * Vitest global setup of the 'pglite' project: PGlite's initdb costs seconds of CPU per database,
 * so the run makes one in-memory database, dumps it blank, migrates it, dumps it again, and every
 * test database starts from one of the two dumps (harness.ts `openTestDatabase`; docs/testing.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@summy/db';

export async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-pglite-template-'));
  const blank = path.join(dir, 'blank.tar');
  const migrated = path.join(dir, 'migrated.tar');
  const db = await openDatabase({});
  try {
    writeFileSync(blank, await db.pglite!.dumpDataDir());
    await db.migrate();
    writeFileSync(migrated, await db.pglite!.dumpDataDir());
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', { blank, migrated });
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files of the PGlite dumps (uncompressed tars): a blank database and the migrated one. */
    pgliteTemplate: { blank: string; migrated: string };
  }
}
