/**
 * Test helpers of the local engine: the tiny models of @summy/fakes installed into a models
 * folder by hand, the way an air-gapped operator copies them (archive extracted into
 * `<modelsDir>/<id>/`, then the `.summy-installed.json` marker), without the download manager.
 * Real model files cannot be downloaded on the build machines, so the engine's tests run on
 * these tiny models with random weights: what they decode is nonsense, checked for shape,
 * timing order and determinism only.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeTinyModels, type TinyModelEntry, type TinyModelOptions } from '@summy/fakes/models';
import { expect } from 'vitest';
import { INSTALLED_MARKER } from '../src/models/installed.ts';
import { SttError } from '../src/providers/stt/types.ts';
import type { Client } from './harness.ts';

/** A models folder with the tiny models installed, and the catalog that lists them. */
export interface TinyInstall {
  modelsDir: string;
  catalogFile: string;
  archivesDir: string;
  entries: TinyModelEntry[];
  /** Installs one more entry (by id) into the models folder. */
  install(id: string): Promise<void>;
  /** Removes an installed model's folder. */
  uninstall(id: string): Promise<void>;
  remove(): Promise<void>;
}

/**
 * Writes the tiny models into a fresh temporary folder and installs those named in `install`
 * (default: all of them).
 */
export async function installTinyModels(
  options: TinyModelOptions & { install?: string[] } = {},
): Promise<TinyInstall> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'summy-tiny-models-'));
  const written = await writeTinyModels(path.join(root, 'source'), options);
  const modelsDir = path.join(root, 'models');
  const install = async (id: string) => {
    const entry = written.entries.find((e) => e.id === id);
    if (!entry) throw new Error(`no tiny model ${id}`);
    const dir = path.join(modelsDir, id);
    await mkdir(dir, { recursive: true });
    const download = path.join(written.archivesDir, entry.url);
    if (entry.archive === 'tar.bz2') {
      await promisify(execFile)('tar', ['-xjf', download, '-C', dir]);
    } else {
      await copyFile(download, path.join(dir, entry.files.model!));
    }
    const marker = { id, sha256: entry.sha256, installedAt: new Date().toISOString() };
    await writeFile(path.join(dir, INSTALLED_MARKER), JSON.stringify(marker));
  };
  for (const id of options.install ?? written.entries.map((e) => e.id)) await install(id);
  return {
    modelsDir,
    catalogFile: written.catalogFile,
    archivesDir: written.archivesDir,
    entries: written.entries,
    install,
    uninstall: (id) => rm(path.join(modelsDir, id), { recursive: true, force: true }),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** Process ids of this process's local language-model workers (children running the llm worker). */
export function llmWorkers(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (ppid === process.pid && cmd.includes('llm') && cmd.includes('worker')) pids.push(+name);
    } catch {
      // the process ended while being read
    }
  }
  return pids;
}

/**
 * CPU time a process has used, in ms (user plus system, from `/proc/<pid>/stat`, whose clock ticks
 * are 10 ms on Linux); undefined once it has ended.
 */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * An installed tiny model as the local engine's job names it: catalog id, family and the absolute
 * path of each file role.
 */
export function tinyModelFiles(
  tiny: Pick<TinyInstall, 'entries' | 'modelsDir'>,
  id: string,
): { id: string; family: TinyModelEntry['family']; paths: Record<string, string> } {
  const entry = tiny.entries.find((e) => e.id === id);
  if (!entry) throw new Error(`no tiny model ${id}`);
  return {
    id,
    family: entry.family,
    paths: Object.fromEntries(
      Object.entries(entry.files).map(([role, rel]) => [role, path.join(tiny.modelsDir, id, rel)]),
    ),
  };
}

/** The SttError a promise rejects with; fails the test when it resolves or rejects otherwise. */
export async function sttFailure(p: Promise<unknown>): Promise<SttError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SttError);
  return error as SttError;
}

/**
 * Downloads model `id` through the API (`POST /api/models/:id/download`, from the server's
 * MODELS_BASE_URL mirror) as `client`, and polls `GET /api/models` until it is installed.
 * @throws when the download fails or takes over a minute
 */
export async function downloadModel(client: Client, id: string): Promise<void> {
  const res = await client.post(`/api/models/${id}/download`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  for (let i = 0; i < 600; i++) {
    const list = await client.get('/api/models');
    const model = (list.body.models as { id: string; state: string; error?: unknown }[]).find(
      (m) => m.id === id,
    )!;
    if (model.state === 'installed') return;
    if (model.state === 'failed') throw new Error(JSON.stringify(model.error));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${id} not installed in time`);
}
