/**
 * `GET /api/meetings/{id}/export?format=`: one of the user's meetings as a file, written on an
 * export thread within the export limits (./export-limits.ts, ./export-threads.ts).
 */
import { EXPORT_FORMAT_INFO, exportFileName, type ExportFormat } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { getMeeting } from '../meetings/get-meeting.ts';
import { readExportNotes } from '../notes/read-notes.ts';
import { takeExportSlot } from './export-limits.ts';
import { writeExportFiles } from './export-threads.ts';

/** An export file: bytes, MIME type and a file name from the title. */
export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * Writes the meeting in `format` (Markdown with front matter, text, SRT, WebVTT, DOCX, PDF or JSON);
 * Markdown, DOCX, PDF and JSON carry the user's My notes.
 * @throws TooManyExportsError 429 (Retry-After) when the user or the server is at its export limit
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function exportMeeting(
  deps: Pick<AppDeps, 'database' | 'env'>,
  userId: string,
  id: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const release = takeExportSlot(userId, 'meeting');
  try {
    const meeting = await getMeeting(deps.database.db, userId, id);
    const [body] = await writeExportFiles({
      meeting,
      notes: await readExportNotes(deps.database.db, userId, id),
      publicUrl: deps.env.publicUrl,
      formats: [format],
    });
    return {
      body: body!,
      contentType: EXPORT_FORMAT_INFO[format].contentType,
      fileName: exportFileName(meeting.title, format),
    };
  } finally {
    release();
  }
}
