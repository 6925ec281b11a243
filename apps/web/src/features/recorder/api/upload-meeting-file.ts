import { readApiError } from '@summy/core';
import { ApiRequestError } from '@/lib/api-client';

/** Answer of both upload routes: the new meeting, already processing on the server. */
export interface UploadAnswer {
  meetingId: string;
}

/** Options of the uploads: byte progress and cancellation. */
export interface UploadOptions {
  /** Bytes sent so far of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/meetings/upload` (multipart field `file`, optional `title`): the direct upload
 * (docs/product.md#recording-and-uploads). XMLHttpRequest rather than fetch because fetch reports
 * no upload progress, and the placeholder meeting shows bytes sent. The server answers as soon as
 * the audio is stored; processing continues there.
 *
 * @throws ApiRequestError with the server's `{error, details}` (400 'Invalid file type', 413 'File
 *   too large', 500 'Upload failed'), status 0 when the connection failed
 * @throws DOMException 'AbortError' when `signal` aborted
 */
export function uploadMeetingFile(
  file: File,
  title: string,
  { onProgress, signal }: UploadOptions = {},
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/meetings/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.onload = () => {
      let body: unknown = undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      const meetingId = (body as Partial<UploadAnswer> | undefined)?.meetingId;
      if (xhr.status >= 200 && xhr.status < 300 && typeof meetingId === 'string') {
        resolve({ meetingId });
        return;
      }
      const { error, details } = readApiError(body, xhr.status);
      reject(new ApiRequestError(error, xhr.status, details));
    };
    xhr.onerror = () => reject(new ApiRequestError('Network error', 0, 'The upload was cut'));
    xhr.ontimeout = () => reject(new ApiRequestError('Network error', 0, 'The upload timed out'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('title', title);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
