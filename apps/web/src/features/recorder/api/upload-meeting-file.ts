import { readApiError } from '@summy/core';
import { ApiRequestError } from '@/lib/api-client';

/** Answer of both upload routes: the new meeting, already processing on the server. */
export interface UploadAnswer {
  meetingId: string;
}

/** The `channels` value of a two-channel call recording: left channel me, right the call. */
export const CALL_UPLOAD_CHANNELS = 'me,them';

/** Options of the uploads: byte progress, cancellation and the channel layout. */
export interface UploadOptions {
  /** Marks a two-channel file as a call recording (left me, right the call); absent: one source. */
  channels?: typeof CALL_UPLOAD_CHANNELS;
  /** Bytes sent so far of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * The multipart form of the direct upload: `title`, `channels` when given, then `file`. The small
 * fields go first so the server knows them before the file's bytes arrive.
 */
export function uploadForm(file: File, title: string, channels?: string): FormData {
  const form = new FormData();
  form.append('title', title);
  if (channels) form.append('channels', channels);
  form.append('file', file, file.name);
  return form;
}

/**
 * `POST /api/meetings/upload` (multipart field `file`, optional `title` and `channels`): the direct upload
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
  { onProgress, signal, channels }: UploadOptions = {},
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
    xhr.send(uploadForm(file, title, channels));
  });
}
