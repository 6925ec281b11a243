/**
 * `GET /api/meetings/:id/export?format=`: the meeting as a file. It is fetched rather than followed
 * as a link so that a refusal (429 'Too many exports' while two of the user's exports are being
 * written, 404 for a meeting deleted meanwhile) reaches the page in the server's words instead of
 * the browser's bare download error. A meeting's file is at most a few MB, so it is held as a Blob;
 * the account export, which can be gigabytes, stays a plain link.
 */
import { readApiError, type ExportFormat } from '@summy/core';
import { ApiRequestError } from '@/lib/api-client';
import { fileNameFromDisposition, saveBlob } from '@/lib/download';

/** Same-origin URL of a meeting's export in `format`. */
export function meetingExportUrl(meetingId: string, format: ExportFormat): string {
  return `/api/meetings/${encodeURIComponent(meetingId)}/export?format=${format}`;
}

/**
 * Fetches a meeting's export and saves it under the server's file name.
 * @throws ApiRequestError with the server's `{error, details}` (429 'Too many exports', 404
 *   'Meeting not found'), or 'Network error' (status 0) when no answer came
 */
export async function downloadMeetingExport(
  meetingId: string,
  format: ExportFormat,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(meetingExportUrl(meetingId, format), { credentials: 'include' });
  } catch (cause) {
    throw new ApiRequestError('Network error', 0, cause instanceof Error ? cause.message : '');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: readApiError falls back to the status's own wording.
    }
    const { error, details } = readApiError(body, response.status);
    throw new ApiRequestError(error, response.status, details);
  }
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'));
  saveBlob(await response.blob(), name ?? `meeting.${format}`);
}
