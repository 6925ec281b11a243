/**
 * Which local speech models are installed. A model is installed when
 * `<modelsDir>/<id>/.summy-installed.json` exists, names the id and the catalog's current SHA-256,
 * and every file the catalog lists for it is present. The model manager writes that marker last,
 * after the checksum held and extraction finished, so a folder without it (an interrupted install,
 * a hand-copied folder) is never used. Cheap enough to call per job: a few `stat`s, no hashing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';
import { loadModelCatalog, type ModelEntry } from './catalog.ts';

/** File name of the marker the manager writes last into an installed model's folder. */
export const INSTALLED_MARKER = '.summy-installed.json';

/** Contents of the marker. `installedAt` is an ISO 8601 time. */
export interface InstalledMarker {
  id: string;
  sha256: string;
  installedAt: string;
}

/** An installed model: its catalog entry, folder and the absolute path of every `files` role. */
export interface InstalledModel {
  entry: ModelEntry;
  /** Absolute `<modelsDir>/<id>`. */
  dir: string;
  /** Role (e.g. 'model', 'tokens', 'encoder') -> absolute path. */
  paths: Record<string, string>;
}

/** The folder a model installs into: `<modelsDir>/<id>`. */
export function modelDir(env: Pick<Env, 'modelsDir'>, id: string): string {
  return path.join(env.modelsDir, id);
}

/** Absolute path of every `files` role of an entry inside `dir`. */
export function modelPaths(entry: ModelEntry, dir: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entry.files).map(([role, rel]) => [role, path.join(dir, rel)]),
  );
}

/**
 * The marker of a model folder, when it is present and well-formed.
 * @returns undefined for a missing, unreadable or malformed marker
 */
export function readInstalledMarker(dir: string): InstalledMarker | undefined {
  try {
    const value = JSON.parse(readFileSync(path.join(dir, INSTALLED_MARKER), 'utf8')) as unknown;
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as InstalledMarker).id === 'string' &&
      typeof (value as InstalledMarker).sha256 === 'string' &&
      typeof (value as InstalledMarker).installedAt === 'string'
    ) {
      return value as InstalledMarker;
    }
  } catch {
    // Missing or torn marker: not installed.
  }
  return undefined;
}

/**
 * The installed model of this entry, or undefined when its marker is missing, is for another
 * checksum (the catalog moved to a new file), or a listed file is gone.
 */
export function installedModel(
  env: Pick<Env, 'modelsDir'>,
  entry: ModelEntry,
): InstalledModel | undefined {
  const dir = modelDir(env, entry.id);
  const marker = readInstalledMarker(dir);
  if (!marker || marker.id !== entry.id || marker.sha256.toLowerCase() !== entry.sha256) {
    return undefined;
  }
  const paths = modelPaths(entry, dir);
  if (!Object.values(paths).every((p) => existsSync(p))) return undefined;
  return { entry, dir, paths };
}

/**
 * Every installed model of the catalog in force, in catalog order (defaults of each kind are
 * marked by `entry.default`). Re-read on every call, so a download finished while the server
 * runs counts at once.
 * @throws ConfigurationError when MODELS_CATALOG is set and invalid (see `loadModelCatalog`)
 */
export function installedModels(
  env: Pick<Env, 'modelsDir' | 'modelsCatalogFile'>,
): InstalledModel[] {
  return loadModelCatalog(env).flatMap((entry) => {
    const installed = installedModel(env, entry);
    return installed ? [installed] : [];
  });
}

/**
 * The notes model (`kind: 'llm'`) the local language-model engine should load: the catalog's
 * default when installed, else the first installed one in catalog order.
 * @returns undefined when no notes model is installed (notes are then extractive)
 * @throws ConfigurationError when MODELS_CATALOG is set and invalid (see `loadModelCatalog`)
 */
export function installedNotesModel(
  env: Pick<Env, 'modelsDir' | 'modelsCatalogFile'>,
): InstalledModel | undefined {
  return installedModelOfKind(env, 'llm');
}

/**
 * The installed model of a kind the engine should load: the catalog's default when installed,
 * else the first installed one in catalog order; undefined when none of that kind is installed.
 * @throws ConfigurationError when MODELS_CATALOG is set and invalid (see `loadModelCatalog`)
 */
export function installedModelOfKind(
  env: Pick<Env, 'modelsDir' | 'modelsCatalogFile'>,
  kind: InstalledModel['entry']['kind'],
): InstalledModel | undefined {
  const ofKind = installedModels(env).filter((m) => m.entry.kind === kind);
  return ofKind.find((m) => m.entry.default) ?? ofKind[0];
}
