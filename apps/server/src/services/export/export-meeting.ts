/**
 * `GET /api/meetings/{id}/export?format=`: one of the user's meetings as a file.
 */
import { EXPORT_FORMAT_INFO, exportFileName, type ExportFormat } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { getMeeting } from '../meetings/get-meeting.ts';
import { toDocx } from './docx-format.ts';
import { toExportedMeeting } from './exported-meeting.ts';
import { toPdf } from './pdf-format.ts';
import { toJson, toMarkdown, toPlainText, toSrt, toVtt } from './text-formats.ts';

/** An export file: bytes, MIME type and a file name from the title. */
export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * Writes the meeting in `format` (Markdown with front matter, text, SRT, WebVTT, DOCX, PDF or JSON).
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function exportMeeting(
  deps: Pick<AppDeps, 'database' | 'env'>,
  userId: string,
  id: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const meeting = await getMeeting(deps.database.db, userId, id);
  const m = toExportedMeeting(meeting, deps.env.publicUrl);
  const writers: Record<ExportFormat, () => Promise<Buffer> | Buffer> = {
    md: () => Buffer.from(toMarkdown(m)),
    txt: () => Buffer.from(toPlainText(m)),
    srt: () => Buffer.from(toSrt(m)),
    vtt: () => Buffer.from(toVtt(m)),
    json: () => Buffer.from(toJson(m)),
    docx: () => toDocx(m),
    pdf: () => toPdf(m),
  };
  return {
    body: await writers[format](),
    contentType: EXPORT_FORMAT_INFO[format].contentType,
    fileName: exportFileName(meeting.title, format),
  };
}
