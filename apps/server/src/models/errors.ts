/**
 * Errors of the model manager (docs/decisions/019-model-manager.md), as `AppError`s so the shared
 * `handleError` (http/handle-error.ts) answers them as `{error, details}` and the CLI prints the
 * same two lines. A failed download keeps its error on the model's status (GET /api/models
 * `error`), since the download runs after POST /api/models/:id/download has answered 202.
 */
import { AppError } from '../errors/app-errors.ts';

/** 404 'Model not found': no such id in the catalog in force (built-in or MODELS_CATALOG). */
export class ModelNotFoundError extends AppError {
  constructor(id: string) {
    super(404, 'Model not found', `No model '${id}' in the model catalog`);
  }
}

/**
 * 507 'Disk full': not enough free space before the download (statfs), or ENOSPC while writing
 * the download or extracting it. The partial download is deleted, to give the space back. The
 * details name no server path (users see them); the log has the folder.
 */
export class ModelDiskFullError extends AppError {
  constructor(neededBytes?: number) {
    super(
      507,
      'Disk full',
      neededBytes === undefined
        ? 'No space left on the server while writing the model. Free some space in the models folder (SUMMY_MODELS_DIR) and download again.'
        : `The model needs about ${formatMegabytes(neededBytes)} free in the models folder (SUMMY_MODELS_DIR). Free some space and download again.`,
    );
  }
}

/**
 * 502 'Model download too large': the mirror sent, or announced, more than the catalog's size.
 * The download is stopped there and its partial file deleted (a mirror that never stops would
 * otherwise fill the disk).
 */
export class ModelTooLargeError extends AppError {
  constructor(url: string, catalogBytes: number) {
    super(
      502,
      'Model download too large',
      `${redactUrl(url)} sent more than the catalog's ${catalogBytes} bytes; the download was stopped and deleted. Check the mirror (MODELS_BASE_URL).`,
    );
  }
}

/**
 * 502 'Checksum mismatch': the download's SHA-256 is not the catalog's; nothing is installed.
 * A downloaded file is deleted (resuming it could not help); a hand-copied one is kept
 * (`deleted` false) and named, for the administrator to replace.
 */
export class ModelChecksumError extends AppError {
  constructor(
    file: string,
    readonly actual: string,
    expected: string,
    deleted = true,
  ) {
    super(
      502,
      'Checksum mismatch',
      deleted
        ? `The download ${file} has SHA-256 ${actual}, the catalog expects ${expected}. It was deleted and nothing was installed; download again, or check the mirror (MODELS_BASE_URL).`
        : `${file} in the models folder has SHA-256 ${actual}, the catalog expects ${expected}. Nothing was installed; replace the file with the catalog's download.`,
    );
  }
}

/** 502 'Model host unreachable': no connection (refused, unknown name, reset before answering). */
export class ModelHostUnreachableError extends AppError {
  constructor(url: string, reason: string) {
    super(
      502,
      'Model host unreachable',
      `Could not reach ${safeOrigin(url)} (${reason}). Check the network, or point MODELS_BASE_URL at a mirror; an air-gapped server can take the download file copied by hand (docs/self-hosting.md).`,
    );
  }
}

/** 502 'Model download failed': the mirror answered an HTTP error (404, 500, ...). */
export class ModelMirrorError extends AppError {
  constructor(url: string, status: number, statusText: string) {
    super(
      502,
      'Model download failed',
      `${redactUrl(url)} answered HTTP ${status}${statusText ? ` ${statusText}` : ''}.`,
    );
  }
}

/**
 * 502 'Connection lost': the connection broke mid-download on every attempt. The received part
 * is kept under `.partial/`, so the next download resumes from it.
 */
export class ModelConnectionLostError extends AppError {
  constructor(url: string, receivedBytes: number, totalBytes: number, reason: string) {
    super(
      502,
      'Connection lost',
      `The download from ${safeOrigin(url)} broke after ${receivedBytes} of ${totalBytes} bytes (${reason}). The part received is kept: download again to resume.`,
    );
  }
}

/** 502 'Model archive unusable': the archive does not extract, or lacks a file the catalog lists. */
export class ModelArchiveError extends AppError {
  constructor(details: string) {
    super(502, 'Model archive unusable', details);
  }
}

/**
 * 409 'Download cancelled': a cancel ended the download (its partial file is deleted), or a pause
 * or the server stopping did (its partial file is kept for a resume).
 */
export class ModelDownloadCancelledError extends AppError {
  constructor(id: string, kept = false) {
    super(
      409,
      kept ? 'Download paused' : 'Download cancelled',
      kept
        ? `The download of '${id}' was paused; download again to resume it.`
        : `The download of '${id}' was cancelled and its partial file deleted.`,
    );
  }
}

/** 409 'Model is downloading': removal asked while its download runs (cancel first). */
export class ModelBusyError extends AppError {
  constructor(id: string) {
    super(409, 'Model is downloading', `Cancel the download of '${id}' before removing it.`);
  }
}

/**
 * Thrown when a model is being downloaded by another process that shares the models folder (a
 * worker, or the CLI): its files are that process's to cancel or delete.
 */
export class ModelLockedError extends AppError {
  constructor(id: string) {
    super(
      409,
      'Model is downloading',
      `Another Summy process sharing the models folder is downloading '${id}'. Wait until it ends, or cancel it there.`,
    );
  }
}

/** True for a write that failed because the disk (or the user's quota) is full. */
export function isDiskFullError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

function formatMegabytes(bytes: number): string {
  return `${Math.ceil(bytes / 1_000_000)} MB`;
}

// Mirror URLs may carry credentials in their user-info part; never echo those.
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return 'the model URL';
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the model host';
  }
}
