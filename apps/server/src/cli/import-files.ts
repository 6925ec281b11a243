/**
 * `summy import`: turns audio files into meetings of one user through the same pipeline as an
 * upload (store, create the meeting, enqueue `meeting.process`, work it), reporting progress.
 * Files in formats the upload does not accept but ffmpeg reads (FLAC, AAC in ADTS, ...) are first
 * transcoded to WAV, losslessly, so the stored recording stays playable in a browser.
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { user } from '@summy/db';
import type { ProgressLabel } from '@summy/core';
import { probeAudio } from '../audio/ffmpeg.ts';
import { runProcess } from '../audio/process.ts';
import type { AppDeps } from '../deps.ts';
import { PROGRESS_CHANNEL, type ProgressNotification } from '../realtime/hub.ts';
import {
  createMeetingForUpload,
  storeUploadedAudio,
  uploadTitle,
} from '../services/recordings/create-uploaded-meeting.ts';
import { SNIFF_BYTES, sniffFamily, type AudioFamily } from '../uploads/audio-type.ts';

/** MIME type stored for each sniffed family. */
const MIME_OF: Record<AudioFamily, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  mp4: 'audio/mp4',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
};

/** What happened to one file. `durationMinutes` as stored on the meeting. */
export type ImportResult =
  | { file: string; ok: true; meetingId: string; title: string; durationMinutes: number }
  | { file: string; ok: false; error: string };

/** Progress of an import: a file's step changed. */
export type ImportProgress = (event: {
  file: string;
  index: number;
  label: ProgressLabel | 'Done';
}) => void;

/**
 * What an import needs: the server's database, storage and jobs, and `tmpDir`, a folder for
 * converted audio (the scratch folder under DATA_DIR, never the shared /tmp).
 */
export type ImportDeps = Pick<AppDeps, 'database' | 'storage' | 'jobs'> & { tmpDir: string };

/**
 * Imports `files` for the user with `email`, one after another.
 * @throws Error 'No user with email …' when the user does not exist
 */
export async function importFiles(
  deps: ImportDeps,
  email: string,
  files: string[],
  onProgress: ImportProgress = () => undefined,
): Promise<ImportResult[]> {
  const { db } = deps.database;
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  if (!owner) throw new Error(`No user with email ${email}`);

  const results: ImportResult[] = [];
  for (const [index, file] of files.entries()) {
    const report = (label: ProgressLabel | 'Done') => onProgress({ file, index, label });
    try {
      results.push(await importOne(deps, owner.id, file, report));
    } catch (err) {
      results.push({ file, ok: false, error: (err as Error).message });
    }
    report('Done');
  }
  return results;
}

async function importOne(
  deps: ImportDeps,
  userId: string,
  file: string,
  report: (label: ProgressLabel) => void,
): Promise<ImportResult> {
  report('Uploading');
  let source = path.resolve(file);
  let tmp: string | undefined;
  try {
    let family = await sniffFile(source);
    if (!family) {
      // Not a container the upload takes; ffprobe says whether it is audio at all.
      await probeAudio(source);
      report('Converting');
      await mkdir(deps.tmpDir, { recursive: true, mode: 0o700 });
      tmp = await mkdtemp(path.join(deps.tmpDir, 'import-'));
      const wav = path.join(tmp, 'audio.wav');
      await runProcess('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        source,
        '-vn',
        '-c:a',
        'pcm_s16le',
        wav,
      ]);
      source = wav;
      family = 'wav';
    }
    const { size } = await stat(source);
    const stored = await storeUploadedAudio(deps.storage, {
      userId,
      audio: createReadStream(source),
      mimeType: MIME_OF[family],
      size,
    });
    const fileName = path.basename(file);
    const { meetingId } = await createMeetingForUpload(deps, {
      userId,
      key: stored.key,
      mimeType: stored.contentType,
      fileName,
      title: uploadTitle(undefined, fileName),
    });
    const meeting = await waitForMeeting(deps, userId, meetingId, report);
    return { file, ok: true, meetingId, title: meeting.title, durationMinutes: meeting.duration };
  } finally {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

async function sniffFile(file: string): Promise<AudioFamily | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return sniffFamily(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

// The job may run in this process or in a server on the same PostgreSQL: follow its progress
// notifications and poll the row until processing ends.
async function waitForMeeting(
  deps: Pick<AppDeps, 'database'>,
  userId: string,
  meetingId: string,
  report: (label: ProgressLabel) => void,
): Promise<{ title: string; duration: number }> {
  const unlisten = await deps.database.listen(PROGRESS_CHANNEL, (payload) => {
    const note = JSON.parse(payload) as ProgressNotification;
    if (note.userId === userId && note.type === 'progress' && note.data.meetingId === meetingId) {
      report(note.data.label);
    }
  });
  try {
    for (;;) {
      const [row] = await deps.database.query<{
        title: string;
        duration: number;
        is_processing: boolean;
      }>('select title, duration, is_processing from meetings where id = $1', [meetingId]);
      if (!row) throw new Error('The meeting was deleted while it was processed');
      if (!row.is_processing) return { title: row.title, duration: row.duration };
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await unlisten();
  }
}
