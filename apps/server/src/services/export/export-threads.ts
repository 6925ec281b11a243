/**
 * The export files of a meeting written on worker threads
 * (docs/decisions/066-documents-off-the-event-loop.md): a PDF of a 1.9 MB transcript is about
 * 4 s of CPU, a DOCX 2 s, subtitles about 1 s, and on the server's thread each held every
 * request, `/api/health` included, for that long. The threads are the server's thread pool's
 * (threads/thread-pool.ts); one ends after {@link EXPORT_IDLE_MS} without work, so the memory the
 * document libraries and their buffers took goes back to the system.
 */
import os from 'node:os';
import type { ExportFormat, Meeting } from '@summy/core';
import type { ExportNotes } from '../notes/read-notes.ts';
import { createThreadPool } from '../../threads/thread-pool.ts';

/** Export threads at most: one per core beyond the first, at least 1, at most 4. */
export const EXPORT_THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

/** An export thread without work for this long (ms) ends. */
export const EXPORT_IDLE_MS = 10_000;

/** One task: the meeting as stored, its owner's notes, the server's public URL and the formats. */
export interface ExportTask {
  meeting: Meeting;
  /** The owner's My notes; null (or absent) when there are none. */
  notes?: ExportNotes | null;
  /** No trailing slash. */
  publicUrl: string;
  formats: ExportFormat[];
}

/** The entry file: the TypeScript source under tsx, or the bundle's dist/export-worker.js. */
const entry = import.meta.url.endsWith('.ts')
  ? new URL('./export-worker.ts', import.meta.url)
  : new URL('./export-worker.js', import.meta.url);

const pool = createThreadPool<ExportTask, Uint8Array[]>({
  entry,
  size: EXPORT_THREADS,
  idleMs: EXPORT_IDLE_MS,
  name: 'the export worker',
});

/**
 * The meeting's files, one per format in `formats`' order, written on an export thread (waiting
 * for a free one first).
 * @throws Error when writing failed or the thread died
 */
export async function writeExportFiles(task: ExportTask): Promise<Buffer[]> {
  const files = await pool.run(task);
  // The bytes were moved, not copied, from the thread: wrapped as they are.
  return files.map((f) => Buffer.from(f.buffer, f.byteOffset, f.byteLength));
}

/** Export threads alive now, busy or idle (tests). */
export const exportThreads = (): number => pool.threads();
