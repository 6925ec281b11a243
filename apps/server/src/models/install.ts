/**
 * Turns a complete download into an installed model: SHA-256 against the catalog first, then
 * extraction into a staging folder under `.partial/`, a check that every file the catalog lists is
 * there, one `rename` to `<modelsDir>/<id>/`, and the marker `.summy-installed.json` written last.
 * Any failure removes the staging folder, so there is never a model folder with a marker that was
 * not fully checked; a crash between the rename and the marker leaves a folder without marker,
 * which counts as not installed (installed.ts) and is replaced by the next download.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../env.ts';
import { ProcessError, runProcess } from '../audio/process.ts';
import type { ModelEntry } from './catalog.ts';
import {
  isDiskFullError,
  ModelArchiveError,
  ModelChecksumError,
  ModelDiskFullError,
} from './errors.ts';
import {
  INSTALLED_MARKER,
  modelDir,
  modelPaths,
  type InstalledMarker,
  type InstalledModel,
} from './installed.ts';

/** Folder of downloads in progress, staging folders and replaced models: `<modelsDir>/.partial`. */
export function partialDir(env: Pick<Env, 'modelsDir'>): string {
  return path.join(env.modelsDir, '.partial');
}

/** SHA-256 (lowercase hex) of a file, read as a stream. */
export async function sha256File(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash, { signal });
  return hash.digest('hex');
}

/** Options of {@link installDownload}. */
export interface InstallOptions {
  signal?: AbortSignal;
  /**
   * Leave `file` in place after installing (a hand-copied download the administrator may want
   * to keep); default: delete it (or, for `archive: 'none'`, move it into the model folder).
   */
  keepFile?: boolean;
}

/**
 * Installs the complete download `file` of `entry`.
 * @throws ModelChecksumError when the file's SHA-256 is not the catalog's (the file is left for
 *   the caller to delete or keep)
 * @throws ModelArchiveError when tar fails or a file the catalog lists is missing after extraction
 * @throws ModelDiskFullError when extraction runs out of space
 */
export async function installDownload(
  env: Pick<Env, 'modelsDir'>,
  entry: ModelEntry,
  file: string,
  options: InstallOptions = {},
): Promise<InstalledModel> {
  const { signal } = options;
  const actual = await sha256File(file, signal);
  if (actual !== entry.sha256)
    throw new ModelChecksumError(path.basename(file), actual, entry.sha256);

  const work = partialDir(env);
  await mkdir(work, { recursive: true });
  const staging = await mkdtemp(path.join(work, `${entry.id}.staging-`));
  try {
    if (entry.archive === 'tar.bz2') {
      await extractTarBz2(file, staging, signal);
    } else {
      const into = path.join(staging, entry.files.model!);
      await mkdir(path.dirname(into), { recursive: true });
      if (options.keepFile) await copyFile(file, into);
      else await moveFile(file, into);
    }
    const absent: string[] = [];
    for (const rel of Object.values(entry.files)) {
      if (!(await isFile(path.join(staging, rel)))) absent.push(rel);
    }
    if (absent.length > 0) {
      throw new ModelArchiveError(
        `The download of '${entry.id}' lacks ${absent.join(', ')}: the catalog's files do not match the archive.`,
      );
    }
    signal?.throwIfAborted();
    const target = modelDir(env, entry.id);
    // A previous version or an unfinished install: out of the way first, then one rename.
    const old = path.join(work, `${entry.id}.old-${randomBytes(4).toString('hex')}`);
    await rename(target, old).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await rm(old, { recursive: true, force: true });
    await rename(staging, target);
    const marker: InstalledMarker = {
      id: entry.id,
      sha256: entry.sha256,
      installedAt: new Date().toISOString(),
    };
    // Written to a temporary name then renamed, so a torn marker never exists.
    const tmpMarker = path.join(target, `${INSTALLED_MARKER}.tmp`);
    await writeFile(tmpMarker, `${JSON.stringify(marker)}\n`);
    await rename(tmpMarker, path.join(target, INSTALLED_MARKER));
    if (entry.archive === 'tar.bz2' && !options.keepFile) await rm(file, { force: true });
    return { entry, dir: target, paths: modelPaths(entry, target) };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw isDiskFullError(err) ? new ModelDiskFullError() : err;
  }
}

async function extractTarBz2(file: string, into: string, signal?: AbortSignal): Promise<void> {
  try {
    // --no-same-owner: a server running as root must not take the archive's owners.
    await runProcess('tar', ['-xjf', file, '-C', into, '--no-same-owner'], { signal });
  } catch (err) {
    if (!(err instanceof ProcessError)) throw err;
    if (/No space left on device|Disk quota exceeded/i.test(err.stderrTail)) {
      throw new ModelDiskFullError();
    }
    if (/bzip2: Cannot exec|bzip2: not found/i.test(err.stderrTail)) {
      throw new ModelArchiveError(
        'bzip2 is not installed: install it (Debian: apt-get install bzip2, or scripts/system-deps.sh).',
      );
    }
    throw new ModelArchiveError(
      `tar could not extract ${path.basename(file)}: ${err.stderrTail || err.message}`,
    );
  }
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

// rename, or copy + delete across file systems (a models folder on another mount).
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
