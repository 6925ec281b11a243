/**
 * The model manager: one download per model at a time, server-wide, with its progress, pause,
 * cancel, resume, checksum, installation and removal. The HTTP routes and the CLI call the same
 * manager (services/models/*). State of running downloads is in memory: after a restart a model is
 * 'installed' (marker present), or 'absent' with the bytes of its kept partial file as
 * `receivedBytes`, resumed by the next download. docs/decisions/019-model-manager.md.
 *
 * A partial file is kept only while the download is paused: by a pause, by the server stopping,
 * or by the network (connection lost, host unreachable), all of which a new download resumes. A
 * cancel, or any other failure (checksum, archive, too large, disk full, HTTP error), deletes it,
 * and the server's start deletes whatever else `.partial/` holds (partials.ts).
 *
 * Layout under `<modelsDir>`: `<id>/` installed models (marker last), `.partial/<id>.download`
 * and `.partial/<id>.json` a download in progress and its validators, `.partial/<id>.staging-*`
 * an extraction in progress. Hand-copied downloads (air-gapped servers): the original download
 * file at `<modelsDir>/<file name of the catalog URL>` or `<modelsDir>/<id>.download`; a download
 * of that model installs it after the same SHA-256 check, without network, and deletes it.
 */
import { rm } from 'node:fs/promises';
import type { ModelError, ModelStatus } from '@summy/core';
import { AppError } from '../errors/app-errors.ts';
import { log } from '../log.ts';
import { observeModelDownload } from '../metrics/models.ts';
import { findModelEntry, loadModelCatalog, type ModelEntry } from './catalog.ts';
import {
  ModelBusyError,
  ModelDiskFullError,
  ModelConnectionLostError,
  ModelDownloadCancelledError,
  ModelHostUnreachableError,
  ModelLockedError,
  ModelNotFoundError,
} from './errors.ts';
import { isModelLocked, lockModel } from './model-lock.ts';
import { downloadAndInstall } from './download-model.ts';
import type { DownloadProgress } from './fetch-download.ts';
import { fileLength } from './partial-file.ts';
import { installedModel, modelDir, type InstalledModel } from './installed.ts';
import { cleanPartialDir, discardPartial, partialFiles } from './partials.ts';
import type { ModelManagerOptions, ModelsEnv } from './settings.ts';

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
  /** Why it was aborted: a cancel deletes the partial file, a pause (or a stop) keeps it. */
  stop?: 'cancel' | 'pause';
  listeners: Set<(progress: DownloadProgress) => void>;
}

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
      async (err: unknown) => {
        const paused = controller.signal.aborted ? job.stop !== 'cancel' : isPause(err);
        // Deleted before the job ends, so a status read after a cancel sees no partial file.
        if (!paused)
          await discardPartial(this.env, id).catch((e: unknown) =>
            log.warn({ err: e, model: id }, '[models] discarding a partial download failed'),
          );
        this.jobs.delete(id);
        if (controller.signal.aborted) throw new ModelDownloadCancelledError(id, paused);
        const failure = toModelError(err);
        if (!(err instanceof AppError)) log.error({ err, model: id }, '[models] download failed');
        if (err instanceof ModelDiskFullError) {
          log.warn({ model: id, dir: this.env.modelsDir }, '[models] download stopped: disk full');
        }
        this.failures.set(id, failure);
        throw err instanceof AppError ? err : new AppError(500, failure.error, failure.details);
      },
    );
    // The routes do not await downloads; their outcome is read from the status.
    job.done.catch(() => undefined);
    this.jobs.set(id, job);
    observeModelDownload(job);
    return job;
  }

  /**
   * Cancels a model's download, waiting until it has stopped, and deletes its partial file (a
   * paused one too). An installed model stays installed.
   * @throws ModelNotFoundError for an id not in the catalog
   * @throws ModelLockedError when another process sharing the models folder is downloading it:
   *   its files are that process's to delete
   */
  async cancel(id: string): Promise<ModelStatus> {
    const entry = this.entry(id);
    await this.refuseIfLockedElsewhere(id);
    await this.stop(id, 'cancel');
    if (!this.jobs.has(id)) await discardPartial(this.env, id);
    return this.statusOf(entry);
  }

  /**
   * Pauses a model's download, waiting until it has stopped; the part received stays under
   * `.partial/` and the next download resumes it. A model not downloading is left as it is.
   * @throws ModelNotFoundError for an id not in the catalog
   */
  async pause(id: string): Promise<ModelStatus> {
    const entry = this.entry(id);
    await this.stop(id, 'pause');
    return this.statusOf(entry);
  }

  /**
   * Deletes what `.partial/` holds besides paused downloads of catalog models (failed archives,
   * staging folders of a crash). The server calls it at start, before any download.
   * @returns how many entries were deleted
   * @throws ConfigurationError when MODELS_CATALOG is invalid
   */
  async cleanPartials(): Promise<number> {
    if (this.jobs.size > 0) return 0;
    const ids = loadModelCatalog(this.env).map((e) => e.id);
    // Another process sharing the folder may be downloading or extracting right now.
    const locked = await Promise.all(ids.map((id) => isModelLocked(this.env, id)));
    return cleanPartialDir(
      this.env,
      ids,
      ids.filter((_, i) => locked[i]),
    );
  }

  /**
   * Removes a model: its folder, its partial download and its failure; cancels its download
   * first. Hand-copied download files are the administrator's and are left alone.
   * @throws ModelNotFoundError for an id not in the catalog
   * @throws ModelBusyError when a new download of it started while it was being removed
   * @throws ModelLockedError when another process is downloading it
   */
  async remove(id: string): Promise<void> {
    this.entry(id);
    await this.cancel(id);
    if (this.jobs.has(id)) throw new ModelBusyError(id);
    this.failures.delete(id);
    await rm(modelDir(this.env, id), { recursive: true, force: true });
  }

  /** Pauses every download (the server is stopping) and waits for them to stop. */
  async close(): Promise<void> {
    const jobs = [...this.jobs.values()];
    for (const job of jobs) {
      job.stop = 'pause';
      job.controller.abort();
    }
    await Promise.all(jobs.map((j) => j.done.catch(() => undefined)));
  }

  private async refuseIfLockedElsewhere(id: string): Promise<void> {
    if (!this.jobs.has(id) && (await isModelLocked(this.env, id))) throw new ModelLockedError(id);
  }

  private async stop(id: string, how: 'cancel' | 'pause'): Promise<void> {
    const job = this.jobs.get(id);
    if (!job) return;
    job.stop = how;
    job.controller.abort();
    await job.done.catch(() => undefined);
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
      ...(entry.ramBytes !== undefined ? { ramBytes: entry.ramBytes } : {}),
      ...(entry.contextTokens !== undefined ? { contextTokens: entry.contextTokens } : {}),
      ...(entry.licence !== undefined ? { licence: entry.licence } : {}),
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
    const receivedBytes = await fileLength(partialFiles(this.env, entry.id).file);
    // Downloading in another process that shares the folder: its partial file shows how far.
    if (await isModelLocked(this.env, entry.id)) {
      return { ...base, state: 'downloading', receivedBytes, totalBytes: entry.sizeBytes };
    }
    const failure = this.failures.get(entry.id);
    return {
      ...base,
      state: failure ? 'failed' : 'absent',
      receivedBytes,
      totalBytes: entry.sizeBytes,
      ...(failure ? { error: failure } : {}),
    };
  }

  private async run(
    entry: ModelEntry,
    signal: AbortSignal,
    onProgress: (p: DownloadProgress) => void,
  ): Promise<InstalledModel> {
    // Another process sharing the folder may hold the model: wait for it, showing its progress.
    const release = await lockModel(this.env, entry.id, {
      signal,
      onWait: async () =>
        onProgress({
          receivedBytes: await fileLength(partialFiles(this.env, entry.id).file),
          totalBytes: entry.sizeBytes,
        }),
    });
    try {
      // It may have installed the model meanwhile.
      const installed = installedModel(this.env, entry);
      if (installed) {
        onProgress({ receivedBytes: entry.sizeBytes, totalBytes: entry.sizeBytes });
        return installed;
      }
      return await downloadAndInstall(this.env, entry, { ...this.options, signal, onProgress });
    } finally {
      await release();
    }
  }
}

/** A failure a new download resumes from: the network broke or could not be reached. */
function isPause(err: unknown): boolean {
  return err instanceof ModelConnectionLostError || err instanceof ModelHostUnreachableError;
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
