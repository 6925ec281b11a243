/**
 * What the model manager (manager.ts) and each download it runs (download-model.ts) are configured
 * with: the settings they read and the seams tests replace. Apart from both, so the download does
 * not import its manager.
 */
import type { Env } from '../env.ts';
import type { ModelFileSystem } from './fetch-download.ts';

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
