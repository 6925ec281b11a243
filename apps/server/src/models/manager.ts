/**
 * The model manager (issue 12 point 2): one download per model at a time, server-wide, with its
 * progress, cancel, resume, checksum, installation and removal. The HTTP routes and the CLI call
 * the same manager (services/models/*). State of running downloads is in memory: after a restart
 * a model is 'installed' (marker present), or 'absent' with the bytes of its kept partial file as
 * `receivedBytes`, resumed by the next download. docs/decisions/019-model-manager.md.
 *
 * Layout under `<modelsDir>`: `<id>/` installed models (marker last), `.partial/<id>.download`
 * and `.partial/<id>.json` a download in progress and its validators, `.partial/<id>.staging-*`
 * an extraction in progress. Hand-copied downloads (air-gapped servers): the original download
 * file at `<modelsDir>/<file name of the catalog URL>` or `<modelsDir>/<id>.download`; a download
 * of that model installs it after the same SHA-256 check, without network, and deletes it.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ModelError, ModelStatus } from '@summy/core';
import type { Env } from '../env.ts';
import { AppError } from '../http/errors.ts';
import { log } from '../log.ts';
import { findModelEntry, loadModelCatalog, modelDownloadUrl, type ModelEntry } from './catalog.ts';
import {
  ModelBusyError,
  ModelChecksumError,
  ModelDiskFullError,
  ModelDownloadCancelledError,
  ModelNotFoundError,
} from './errors.ts';
import {
  downloadToFile,
  fileLength,
  realModelFileSystem,
  type DownloadOptions,
  type DownloadProgress,
  type ModelFileSystem,
} from './fetch-download.ts';
import { installDownload, partialDir } from './install.ts';
import { installedModel, modelDir, type InstalledModel } from './installed.ts';

/** The settings the manager reads. */
export type ModelsEnv = Pick<Env, 'modelsDir' | 'modelsBaseUrl' | 'modelsCatalogFile'>;

/** Seams and tunables; tests pass a failing file system or a short retry delay. */
export interface ModelManagerOptions {
  fs?: ModelFileSystem;
  /** See `DownloadOptions` (fetch-download.ts). */
  maxStalledAttempts?: number;
  retryDelayMs?: number;
  idleTimeoutMs?: number;
}

/** A running download. `done` settles when it is installed, failed or cancelled. */
export interface ModelDownload {
  readonly id: string;
  readonly progress: DownloadProgress;
  /** Resolves with the installed model; rejects with the manager's typed errors. */
  readonly done: Promise<InstalledModel>;
  /** Adds a progress listener (bytes received so far, total bytes); returns its remover. */
  onProgress(listener: (progress: DownloadProgress) => void): () => void;
}

interface Job extends ModelDownload {
  progress: DownloadProgress;
  done: Promise<InstalledModel>;
  controller: AbortController;
  listeners: Set<(progress: DownloadProgress) => void>;
}

/**
 * Free space asked for before a download, beyond what is left to download: room for the
 * extracted files, taken as the archive's size (sherpa-onnx's int8 ONNX archives compress by
 * little).
 */
const EXTRACTION_FACTOR = 1;

/** Manages the models of one models folder; see the module comment. */
export class ModelManager {
  private readonly jobs = new Map<string, Job>();
  private readonly failures = new Map<string, ModelError>();

  constructor(
    readonly env: ModelsEnv,
    private readonly options: ModelManagerOptions = {},
  ) {}

  /**
   * Every catalog model with its state, in catalog order.
   * @throws ConfigurationError when MODELS_CATALOG is invalid
   */
  async listStatuses(): Promise<ModelStatus[]> {
    return Promise.all(loadModelCatalog(this.env).map((e) => this.statusOf(e)));
  }

  /**
   * One model's state.
   * @throws ModelNotFoundError for an id not in the catalog
   */
  async status(id: string): Promise<ModelStatus> {
    return this.statusOf(this.entry(id));
  }

  /**
   * Starts (or joins) the download of a model and returns at once; an installed model answers
   * a finished download. Idempotent: one download per model at a time.
   * @throws ModelNotFoundError for an id not in the catalog
   */
  start(id: string): ModelDownload {
    const entry = this.entry(id);
    const running = this.jobs.get(id);
    if (running) return running;
    const installed = installedModel(this.env, entry);
    if (installed) {
      const progress = { receivedBytes: entry.sizeBytes, totalBytes: entry.sizeBytes };
      return { id, progress, done: Promise.resolve(installed), onProgress: () => () => false };
    }
    this.failures.delete(id);
    const controller = new AbortController();
    const listeners = new Set<(progress: DownloadProgress) => void>();
    const job: Job = {
      id,
      progress: { receivedBytes: 0, totalBytes: entry.sizeBytes },
      controller,
      listeners,
      done: undefined as unknown as Promise<InstalledModel>,
      onProgress(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const setProgress = (p: DownloadProgress) => {
      job.progress = p;
      for (const l of listeners) l(p);
    };
    job.done = this.run(entry, controller.signal, setProgress).then(
      (installed) => {
        this.jobs.delete(id);
        return installed;
      },
      (err: unknown) => {
        this.jobs.delete(id);
        if (controller.signal.aborted) throw new ModelDownloadCancelledError(id);
        const failure = toModelError(err);
        if (!(err instanceof AppError)) log.error(`Model download of ${id} failed:`, err);
        this.failures.set(id, failure);
        throw err instanceof AppError ? err : new AppError(500, failure.error, failure.details);
      },
    );
    // The routes do not await downloads; their outcome is read from the status.
    job.done.catch(() => undefined);
    this.jobs.set(id, job);
    return job;
  }

  /**
   * Cancels a model's download, waiting until it has stopped; the part received stays under
   * `.partial/` so the next download resumes it. A model not downloading is left as it is.
   * @throws ModelNotFoundError for an id not in the catalog
   */
  async cancel(id: string): Promise<ModelStatus> {
    const entry = this.entry(id);
    const job = this.jobs.get(id);
    if (job) {
      job.controller.abort();
      await job.done.catch(() => undefined);
    }
    return this.statusOf(entry);
  }

  /**
   * Removes a model: its folder, its partial download and its failure; cancels its download
   * first. Hand-copied download files are the administrator's and are left alone.
   * @throws ModelNotFoundError for an id not in the catalog
   * @throws ModelBusyError when a new download of it started while it was being removed
   */
  async remove(id: string): Promise<void> {
    this.entry(id);
    await this.cancel(id);
    if (this.jobs.has(id)) throw new ModelBusyError(id);
    this.failures.delete(id);
    const work = partialDir(this.env);
    await rm(modelDir(this.env, id), { recursive: true, force: true });
    await rm(path.join(work, `${id}.download`), { force: true });
    await rm(path.join(work, `${id}.json`), { force: true });
  }

  /** Cancels every download (the server is stopping) and waits for them to stop. */
  async close(): Promise<void> {
    const jobs = [...this.jobs.values()];
    for (const job of jobs) job.controller.abort();
    await Promise.all(jobs.map((j) => j.done.catch(() => undefined)));
  }

  private entry(id: string): ModelEntry {
    const entry = findModelEntry(this.env, id);
    if (!entry) throw new ModelNotFoundError(id);
    return entry;
  }

  private async statusOf(entry: ModelEntry): Promise<ModelStatus> {
    const base = {
      id: entry.id,
      name: entry.name,
      kind: entry.kind,
      family: entry.family,
      languages: entry.languages,
      sizeBytes: entry.sizeBytes,
      goodFor: entry.goodFor,
      default: entry.default ?? false,
    };
    const job = this.jobs.get(entry.id);
    if (job) return { ...base, state: 'downloading', ...job.progress };
    if (installedModel(this.env, entry)) {
      return {
        ...base,
        state: 'installed',
        receivedBytes: entry.sizeBytes,
        totalBytes: entry.sizeBytes,
      };
    }
    const receivedBytes = await fileLength(this.partialFile(entry.id));
    const failure = this.failures.get(entry.id);
    return {
      ...base,
      state: failure ? 'failed' : 'absent',
      receivedBytes,
      totalBytes: entry.sizeBytes,
      ...(failure ? { error: failure } : {}),
    };
  }

  private partialFile(id: string): string {
    return path.join(partialDir(this.env), `${id}.download`);
  }

  private async run(
    entry: ModelEntry,
    signal: AbortSignal,
    onProgress: (p: DownloadProgress) => void,
  ): Promise<InstalledModel> {
    const work = partialDir(this.env);
    await mkdir(work, { recursive: true });
    // Staging and replaced folders of this model left by a crash (kill -9 mid-extraction).
    for (const name of await readdir(work)) {
      if (name.startsWith(`${entry.id}.staging-`) || name.startsWith(`${entry.id}.old-`)) {
        await rm(path.join(work, name), { recursive: true, force: true });
      }
    }

    const handCopied = await this.handCopiedFile(entry);
    if (handCopied) {
      const size = await fileLength(handCopied);
      onProgress({ receivedBytes: size, totalBytes: size });
      try {
        return await installDownload(this.env, entry, handCopied, { signal });
      } catch (err) {
        if (err instanceof ModelChecksumError) {
          // The administrator's file: kept, and the message says which one to replace.
          throw new ModelChecksumError(handCopied, err.actual, entry.sha256, false);
        }
        throw err;
      }
    }

    const file = this.partialFile(entry.id);
    const metaFile = path.join(partialDir(this.env), `${entry.id}.json`);
    const fs = this.options.fs ?? realModelFileSystem;
    const have = await fileLength(file);
    const extracted = entry.archive === 'none' ? 0 : entry.sizeBytes * EXTRACTION_FACTOR;
    const needed = Math.max(0, entry.sizeBytes - have) + extracted;
    if ((await fs.freeBytes(this.env.modelsDir)) < needed) {
      throw new ModelDiskFullError(this.env.modelsDir, needed);
    }
    const downloadOptions: DownloadOptions = {
      signal,
      onProgress,
      fs,
      ...(this.options.maxStalledAttempts !== undefined
        ? { maxStalledAttempts: this.options.maxStalledAttempts }
        : {}),
      ...(this.options.retryDelayMs !== undefined
        ? { retryDelayMs: this.options.retryDelayMs }
        : {}),
      ...(this.options.idleTimeoutMs !== undefined
        ? { idleTimeoutMs: this.options.idleTimeoutMs }
        : {}),
    };
    await downloadToFile(
      {
        url: modelDownloadUrl(entry, this.env),
        file,
        metaFile,
        sha256: entry.sha256,
        expectedBytes: entry.sizeBytes,
      },
      downloadOptions,
    );
    try {
      const result = await installDownload(this.env, entry, file, { signal });
      await rm(file, { force: true });
      await rm(metaFile, { force: true });
      return result;
    } catch (err) {
      if (err instanceof ModelChecksumError) {
        // A complete file with the wrong bytes: resuming cannot mend it.
        await rm(file, { force: true });
        await rm(metaFile, { force: true });
      }
      throw err;
    }
  }

  /** A download file copied in by hand: `<modelsDir>/<URL file name>` or `<modelsDir>/<id>.download`. */
  private async handCopiedFile(entry: ModelEntry): Promise<string | undefined> {
    for (const file of handCopiedCandidates(this.env, entry)) {
      try {
        if ((await stat(file)).isFile()) return file;
      } catch {
        // not there
      }
    }
    return undefined;
  }
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

/** `{error, details}` of a failed download, for its status. */
function toModelError(err: unknown): ModelError {
  if (err instanceof AppError) {
    return { error: err.message, details: String(err.details ?? '') };
  }
  return { error: 'Model download failed', details: (err as Error)?.message ?? String(err) };
}

const managers = new Map<string, ModelManager>();

/**
 * The manager of these settings' models folder, created on first use and shared by the routes
 * of a server process (one download per model at a time, server-wide).
 */
export function modelManager(env: ModelsEnv): ModelManager {
  const key = JSON.stringify([env.modelsDir, env.modelsBaseUrl, env.modelsCatalogFile ?? null]);
  let manager = managers.get(key);
  if (!manager) {
    manager = new ModelManager(env);
    managers.set(key, manager);
  }
  return manager;
}

/** Cancels the downloads of this models folder's manager, if one was made (server shutdown). */
export async function closeModelManager(env: ModelsEnv): Promise<void> {
  const key = JSON.stringify([env.modelsDir, env.modelsBaseUrl, env.modelsCatalogFile ?? null]);
  const manager = managers.get(key);
  managers.delete(key);
  await manager?.close();
}
