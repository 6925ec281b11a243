/**
 * PGlite's database is created by a child process and only resumed by the opening one: real PGlite
 * on a temporary folder.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createPgliteDataDir } from './pglite-setup.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'summy-pglite-setup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('createPgliteDataDir', () => {
  // initdb costs about 10 s of CPU: slow on a loaded machine.
  it(
    'creates the database in a child, once, over leftovers of a crash',
    { timeout: 300_000 },
    async () => {
      const dir = path.join(root, 'data', 'pglite');
      mkdirSync(dir, { recursive: true });
      // A crash in the middle of an earlier creation left its staging folder behind.
      mkdirSync(`${dir}.initializing`);
      writeFileSync(path.join(`${dir}.initializing`, 'PG_VERSION'), 'half made');

      expect(await createPgliteDataDir(dir)).toBe(true);
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      expect(existsSync(`${dir}.initializing`)).toBe(false);
      expect(await createPgliteDataDir(dir)).toBe(false);

      const database = await openDatabase({ pgliteDir: dir });
      try {
        const [row] = await database.query<Record<string, string>>(
          `select current_setting('shared_buffers') as shared_buffers,
                current_setting('temp_buffers') as temp_buffers,
                current_setting('maintenance_work_mem') as maintenance_work_mem,
                current_setting('work_mem') as work_mem`,
        );
        expect(row).toEqual({
          shared_buffers: '1MB',
          temp_buffers: '1MB',
          maintenance_work_mem: '1MB',
          work_mem: '4MB',
        });
      } finally {
        await database.close();
      }
    },
  );

  it('leaves a non-empty folder without a database alone', async () => {
    const dir = path.join(root, 'other');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'not a database');
    expect(await createPgliteDataDir(dir)).toBe(false);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
  });
});
