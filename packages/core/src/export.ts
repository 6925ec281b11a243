/**
 * Meeting export formats: what `GET /api/meetings/{id}/export?format=` answers and what the meeting
 * menu offers. docs/product.md#export.
 */
import { fileNameFromTitle } from './file-names.ts';
import { z } from './zod.ts';

/** The export formats, in menu order. */
export const EXPORT_FORMATS = ['md', 'txt', 'srt', 'vtt', 'docx', 'pdf', 'json'] as const;

/** One export format id. */
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Menu label, file extension and MIME type of each format. */
export const EXPORT_FORMAT_INFO: Record<
  ExportFormat,
  { label: string; extension: string; contentType: string }
> = {
  md: {
    label: 'Markdown (Obsidian)',
    extension: 'md',
    contentType: 'text/markdown; charset=utf-8',
  },
  txt: { label: 'Transcript (text)', extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  srt: {
    label: 'Subtitles (SRT)',
    extension: 'srt',
    contentType: 'application/x-subrip; charset=utf-8',
  },
  vtt: { label: 'Subtitles (WebVTT)', extension: 'vtt', contentType: 'text/vtt; charset=utf-8' },
  docx: {
    label: 'Word (DOCX)',
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  pdf: { label: 'PDF', extension: 'pdf', contentType: 'application/pdf' },
  json: { label: 'JSON', extension: 'json', contentType: 'application/json; charset=utf-8' },
};

/**
 * A file name for an exported meeting: the title with characters file systems refuse replaced and
 * invisible format characters removed ({@link fileNameFromTitle}), at most 100 characters, then
 * the extension; 'Meeting' for a title with nothing left.
 */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = fileNameFromTitle(title).replace(/^\.+/, '').slice(0, 100).trim() || 'Meeting';
  return `${base}.${EXPORT_FORMAT_INFO[format].extension}`;
}
