/**
 * What a models folder holds besides installed models: `.partial/<id>.download` and
 * `.partial/<id>.json` (a download paused for a resume, and its validators), staging and replaced
 * folders of installs, and download files an administrator copied in by hand (air-gapped
 * servers). docs/decisions/019-model-manager.md.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';
import type { ModelEntry } from './catalog.ts';
import { partialDir } from './install.ts';

/** The partial download of a model and its validators' sidecar. */
export function partialFiles(
  env: Pick<Env, 'modelsDir'>,
  id: string,
): { file: string; metaFile: string } {
  const dir = partialDir(env);
  return { file: path.join(dir, `${id}.download`), metaFile: path.join(dir, `${id}.json`) };
}

/** Deletes a model's partial download, its sidecar and its staging and replaced folders. */
export async function discardPartial(env: Pick<Env, 'modelsDir'>, id: string): Promise<void> {
  const { file, metaFile } = partialFiles(env, id);
  await rm(file, { force: true });
  await rm(metaFile, { force: true });
  await removeLeftovers(env, (name) => isLeftoverOf(name, id));
}

/** Deletes the staging and replaced folders of a model that a crash left (kill -9 mid-extraction). */
export async function clearInstallLeftovers(
  env: Pick<Env, 'modelsDir'>,
  id: string,
): Promise<void> {
  await removeLeftovers(env, (name) => isLeftoverOf(name, id));
}

/**
 * Empties `.partial/` of everything but the paused downloads of catalog models (a download file
 * with its sidecar): staging folders, failed archives, files of models no longer in the catalog,
 * a download without its sidecar. Run at start, before any download.
 * @param ids the catalog's model ids
 * @param busy ids whose entries are all kept: another process holds their lock and is
 *   downloading or installing them now (model-lock.ts)
 * @returns how many entries were deleted
 */
export async function cleanPartialDir(
  env: Pick<Env, 'modelsDir'>,
  ids: readonly string[],
  busy: readonly string[] = [],
): Promise<number> {
  const names = await readdir(partialDir(env)).catch(() => [] as string[]);
  const kept = new Set<string>();
  for (const id of ids) {
    if (names.includes(`${id}.download`) && names.includes(`${id}.json`)) {
      kept.add(`${id}.download`).add(`${id}.json`);
    }
  }
  const ofBusy = (name: string) => busy.some((id) => name.startsWith(`${id}.`));
  return removeLeftovers(env, (name) => !kept.has(name) && !ofBusy(name));
}

/**
 * Where an administrator may put a model's download file by hand (air-gapped servers), in the
 * order they are looked at: `<modelsDir>/<file name of the catalog URL>` (what a browser saves),
 * then `<modelsDir>/<id>.download`.
 */
export function handCopiedCandidates(env: Pick<Env, 'modelsDir'>, entry: ModelEntry): string[] {
  const urlName = decodeURIComponent(entry.url.split(/[?#]/)[0]!.split('/').pop() ?? '');
  const names = [urlName, `${entry.id}.download`].filter(
    (n) => n && n !== entry.id && !n.startsWith('.'),
  );
  return [...new Set(names)].map((n) => path.join(env.modelsDir, n));
}

/** The first hand-copied download file of a model that exists, if any. */
export async function findHandCopied(
  env: Pick<Env, 'modelsDir'>,
  entry: ModelEntry,
): Promise<string | undefined> {
  for (const file of handCopiedCandidates(env, entry)) {
    try {
      if ((await stat(file)).isFile()) return file;
    } catch {
      // not there
    }
  }
  return undefined;
}

function isLeftoverOf(name: string, id: string): boolean {
  return name.startsWith(`${id}.staging-`) || name.startsWith(`${id}.old-`);
}

async function removeLeftovers(
  env: Pick<Env, 'modelsDir'>,
  matches: (name: string) => boolean,
): Promise<number> {
  const dir = partialDir(env);
  const names = await readdir(dir).catch(() => [] as string[]);
  const doomed = names.filter(matches);
  for (const name of doomed) await rm(path.join(dir, name), { recursive: true, force: true });
  return doomed.length;
}
