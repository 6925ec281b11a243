import { readApiError } from '@summy/core';
import type { DetailedError } from 'tus-js-client';
import { ApiRequestError } from '@/lib/api-client';
import type { UploadAnswer, UploadOptions } from './upload-meeting-file';

/** The tus endpoint (apps/server/src/uploads/tus-routes.ts). */
const TUS_ENDPOINT = '/api/uploads';

/** Header of the final PATCH (and later HEADs) naming the new meeting. */
const MEETING_ID_HEADER = 'Summy-Meeting-Id';

/** About 5 MB per PATCH: small enough that a cut connection loses little, large enough to be quick. */
const CHUNK_SIZE = 5 * 1024 * 1024;

/** Waits before each retry of a failed request, in ms. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

/**
 * True when a failed request may succeed on retry; a refusal by the rules (type, size, session)
 * will be the same next time.
 */
function isRetryable(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status === 408 || status === 409 || status === 423 || status >= 500;
}

/** The ApiRequestError for a failed upload: the server's `{error, details}`, else a network error. */
function uploadError(error: Error | DetailedError): ApiRequestError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  let body: unknown = undefined;
  try {
    body = response ? JSON.parse(response.getBody()) : undefined;
  } catch {
    body = undefined;
  }
  const parsed = status
    ? readApiError(body, status)
    : { error: 'Network error', details: error.message };
  return new ApiRequestError(parsed.error, status, parsed.details);
}

/** The meeting a finished upload made, asked with a HEAD of its URL when the final answer was lost. */
async function meetingOfFinishedUpload(url: string | null): Promise<UploadAnswer> {
  if (!url) throw new ApiRequestError('Upload failed', 0, 'The server did not name the meeting');
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0' },
      credentials: 'include',
    });
  } catch (error) {
    throw new ApiRequestError('Network error', 0, String(error));
  }
  const id = res.headers.get(MEETING_ID_HEADER);
  if (!id) throw new ApiRequestError('Upload failed', res.status, 'No meeting id');
  return { meetingId: id };
}

/** The tus `Upload-Metadata` of an upload: type, name, title, and `channels` when given. */
export function resumableMetadata(
  file: File,
  title: string,
  channels?: string,
): Record<string, string> {
  return { filetype: file.type, filename: file.name, title, ...(channels ? { channels } : {}) };
}

/**
 * Uploads a large file with the tus protocol to `/api/uploads` (files above the direct limit go to
 * storage first). A broken upload resumes where it stopped: the upload URL is remembered in
 * localStorage under the file's fingerprint (name, type, size, modification time), so picking the
 * same file again - even after a reload - continues it. tus-js-client is loaded on demand; only
 * large uploads need it.
 *
 * @throws ApiRequestError with the server's `{error, details}` when the server refused (400, 413)
 *   or the retries ran out (status 0 when no answer came)
 */
export async function uploadResumable(
  file: File,
  title: string,
  { onProgress, signal, channels }: UploadOptions = {},
): Promise<UploadAnswer> {
  const tus = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    let meetingId: string | null = null;
    const upload = new tus.Upload(file, {
      endpoint: TUS_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: resumableMetadata(file, title, channels),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress?.(sent, total),
      onAfterResponse: (_req, res) => {
        const id = res.getHeader(MEETING_ID_HEADER);
        if (id) meetingId = id;
      },
      onShouldRetry: isRetryable,
      onSuccess: () => {
        if (meetingId) resolve({ meetingId });
        else meetingOfFinishedUpload(upload.url).then(resolve, reject);
      },
      onError: (error) => reject(uploadError(error)),
    });
    if (signal) {
      signal.addEventListener(
        'abort',
        () => {
          void upload.abort();
          reject(new DOMException('Upload aborted', 'AbortError'));
        },
        { once: true },
      );
    }
    upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (last) upload.resumeFromPreviousUpload(last);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!signal?.aborted) upload.start();
      });
  });
}
