/**
 * One model's download and installation, run by the model manager (manager.ts) while it holds
 * the model's lock (model-lock.ts): a hand-copied download file is installed without network,
 * else the download resumes from its partial file, and the archive is checked (SHA-256) and
 * extracted. docs/decisions/019-model-manager.md.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { modelDownloadUrl, type ModelEntry } from './catalog.ts';
import { ModelChecksumError, ModelDiskFullError } from './errors.ts';
import {
  downloadToFile,
  realModelFileSystem,
  type DownloadOptions,
  type DownloadProgress,
} from './fetch-download.ts';
import { installDownload, partialDir } from './install.ts';
import { fileLength } from './partial-file.ts';
import type { InstalledModel } from './installed.ts';
import { clearInstallLeftovers, findHandCopied, partialFiles } from './partials.ts';
import type { ModelManagerOptions, ModelsEnv } from './settings.ts';

/**
 * Free space asked for before a download, beyond what is left to download: room for the
 * extracted files, taken as the archive's size (sherpa-onnx's int8 ONNX archives compress by
 * little).
 */
const EXTRACTION_FACTOR = 1;

/**
 * Installs a model from its hand-copied download file, or downloads (resuming), checks and
 * installs it; the partial file and its sidecar are deleted once installed.
 * @throws ModelChecksumError, ModelDiskFullError and the download's errors (fetch-download.ts);
 *   the manager decides which of them keep the partial file
 */
export async function downloadAndInstall(
  env: ModelsEnv,
  entry: ModelEntry,
  options: ModelManagerOptions & {
    signal: AbortSignal;
    onProgress: (p: DownloadProgress) => void;
  },
): Promise<InstalledModel> {
  const { signal, onProgress } = options;
  const work = partialDir(env);
  await mkdir(work, { recursive: true });
  await clearInstallLeftovers(env, entry.id);

  const handCopied = await findHandCopied(env, entry);
  if (handCopied) {
    const size = await fileLength(handCopied);
    onProgress({ receivedBytes: size, totalBytes: size });
    try {
      return await installDownload(env, entry, handCopied, { signal });
    } catch (err) {
      if (err instanceof ModelChecksumError) {
        // The administrator's file: kept, and the message says which one to replace.
        throw new ModelChecksumError(
          path.relative(env.modelsDir, handCopied),
          err.actual,
          entry.sha256,
          false,
        );
      }
      throw err;
    }
  }

  const { file, metaFile } = partialFiles(env, entry.id);
  const fs = options.fs ?? realModelFileSystem;
  const have = await fileLength(file);
  const extracted = entry.archive === 'none' ? 0 : entry.sizeBytes * EXTRACTION_FACTOR;
  const needed = Math.max(0, entry.sizeBytes - have) + extracted;
  if ((await fs.freeBytes(env.modelsDir)) < needed) {
    throw new ModelDiskFullError(needed);
  }
  const downloadOptions: DownloadOptions = {
    signal,
    onProgress,
    fs,
    ...(options.maxStalledAttempts !== undefined
      ? { maxStalledAttempts: options.maxStalledAttempts }
      : {}),
    ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
    ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
  };
  await downloadToFile(
    {
      url: modelDownloadUrl(entry, env),
      file,
      metaFile,
      sha256: entry.sha256,
      expectedBytes: entry.sizeBytes,
    },
    downloadOptions,
  );
  // A failure here (a checksum mismatch, an archive that does not extract) deletes the file:
  // resuming cannot mend it (see start()).
  const result = await installDownload(env, entry, file, { signal });
  await rm(file, { force: true });
  await rm(metaFile, { force: true });
  return result;
}
