/**
 * `GET /api/meetings/:id/export?format=`: the meeting as a file. The browser downloads it itself
 * (the answer is an attachment), so there is no fetcher: the menu follows the URL.
 */
import type { ExportFormat } from '@summy/core';
import { startDownload } from '@/lib/download';

/** Same-origin URL of a meeting's export in `format`. */
export function meetingExportUrl(meetingId: string, format: ExportFormat): string {
  return `/api/meetings/${encodeURIComponent(meetingId)}/export?format=${format}`;
}

/**
 * Starts the download of a meeting's export, as a link with `download` would: the page stays,
 * and a failure (the meeting deleted meanwhile) shows the browser's own download error.
 */
export function downloadMeetingExport(meetingId: string, format: ExportFormat): void {
  startDownload(meetingExportUrl(meetingId, format));
}
