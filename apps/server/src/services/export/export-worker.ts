/**
 * Worker-thread entry of the exports (./export-threads.ts): writes the files of one meeting per
 * message, so a long transcript's PDF, DOCX or subtitles never hold the server's event loop.
 * Messages: an {@link ExportTask} in, the files' bytes out (moved to the server's thread, not
 * copied).
 */
import type { ExportFormat } from '@summy/core';
import { serveThreadTasks } from '../../threads/thread-pool.ts';
import { toDocx } from './docx-format.ts';
import type { ExportTask } from './export-threads.ts';
import { toExportedMeeting, type ExportedMeeting } from './exported-meeting.ts';
import { toPdf } from './pdf-format.ts';
import { toJson, toMarkdown, toPlainText, toSrt, toVtt } from './text-formats.ts';

const writers: Record<ExportFormat, (m: ExportedMeeting) => Promise<Buffer> | Buffer> = {
  md: (m) => Buffer.from(toMarkdown(m)),
  txt: (m) => Buffer.from(toPlainText(m)),
  srt: (m) => Buffer.from(toSrt(m)),
  vtt: (m) => Buffer.from(toVtt(m)),
  json: (m) => Buffer.from(toJson(m)),
  docx: toDocx,
  pdf: toPdf,
};

serveThreadTasks<ExportTask>(async ({ meeting, notes, publicUrl, formats }) => {
  const m = toExportedMeeting(meeting, publicUrl, notes ?? null);
  const files: Uint8Array[] = [];
  for (const format of formats) {
    const bytes = await writers[format](m);
    // Only a buffer of its own can be moved: a small one may share Node's pool with others.
    files.push(
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? bytes
        : new Uint8Array(bytes),
    );
  }
  return { value: files, transfer: files.map((f) => f.buffer as ArrayBuffer) };
});
