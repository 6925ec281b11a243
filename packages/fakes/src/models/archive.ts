/** Packing the tiny models as the real ones ship: deterministic .tar.bz2 archives and their facts. */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `tar -cjf archive -C cwd folder` with fixed order, owner and times (GNU tar). */
export async function tarBz2(cwd: string, folder: string, archive: string): Promise<void> {
  await run('tar', [
    '--sort=name',
    '--mtime=@0',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '-cjf',
    archive,
    '-C',
    cwd,
    folder,
  ]);
}

/** Size (bytes) and SHA-256 (hex) of a file, as a catalog entry states them. */
export async function fileFacts(file: string): Promise<{ sizeBytes: number; sha256: string }> {
  const bytes = await readFile(file);
  return { sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
