/**
 * `GET /api/account/export`: everything of one user as a zip, streamed while it is written, for a
 * user leaving or backing up. Per meeting a folder with `meeting.md` (front matter for Obsidian),
 * `transcript.txt`, `meeting.json` (both with the user's My notes) and, when asked, the audio as stored; at the top `todos.json`,
 * `chats.json` (every chat with its messages) and `README.txt`. Audio is stored uncompressed in the
 * zip (it is compressed already); one meeting is read at a time, so memory stays flat. Each
 * meeting's files are written on an export thread (./export-threads.ts), and the export holds one
 * of the user's export slots until the stream ends (./export-limits.ts).
 */
import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { fileNameFromTitle } from '@summy/core';
import { meetings } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { log } from '../../log.ts';
import { keyFromAudioUrl } from '../../storage/types.ts';
import { listChatMessages } from '../chats/list-chat-messages.ts';
import { listChats } from '../chats/list-chats.ts';
import { getMeeting } from '../meetings/get-meeting.ts';
import { readExportNotes } from '../notes/read-notes.ts';
import { listTodos } from '../todos/list-todos.ts';
import { takeExportSlot } from './export-limits.ts';
import { writeExportFiles } from './export-threads.ts';

/** Options of {@link exportAccount}. */
export interface AccountExportOptions {
  /** Include each meeting's stored audio. */
  audio: boolean;
}

/**
 * A zip entry name from a meeting: `meetings/2026-12-02 Title (1a2b3c4d)/`, the title as a file name
 * ({@link fileNameFromTitle}: no bidirectional controls or other invisible characters) cut at 80.
 */
export function meetingFolder(m: { id: string; date: string; title: string }): string {
  const title = fileNameFromTitle(m.title).slice(0, 80).trim();
  return `meetings/${m.date.slice(0, 10)} ${title || 'Meeting'} (${m.id.slice(0, 8)})/`;
}

/**
 * The zip as a stream; errors after the first byte end the stream with an error (the download
 * fails visibly rather than ending short). An audio object that is missing is left out and noted
 * in README.txt's list.
 * @throws TooManyExportsError 429 (Retry-After) when the user has their limit of exports running
 */
export async function exportAccount(
  deps: Pick<AppDeps, 'database' | 'storage' | 'env'>,
  userId: string,
  options: AccountExportOptions,
): Promise<Readable> {
  const release = takeExportSlot(userId, 'account');
  const { ZipArchive } = await import('archiver').catch((err: unknown) => {
    release();
    throw err;
  });
  const zip = new ZipArchive({ zlib: { level: 6 } });
  // Ended, failed or abandoned by the client (the stream is destroyed): the slot is free again.
  zip.once('end', release).once('close', release).once('error', release);
  const { db } = deps.database;
  const write = async () => {
    const rows = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(eq(meetings.userId, userId))
      .orderBy(asc(meetings.date), asc(meetings.id));
    const missing: string[] = [];
    for (const { id } of rows) {
      const meeting = await getMeeting(db, userId, id).catch(() => null);
      if (!meeting) continue; // deleted meanwhile
      const folder = meetingFolder(meeting);
      const [md, txt, json] = await writeExportFiles({
        meeting,
        notes: await readExportNotes(db, userId, id),
        publicUrl: deps.env.publicUrl,
        formats: ['md', 'txt', 'json'],
      });
      zip.append(md!, { name: `${folder}meeting.md` });
      zip.append(txt!, { name: `${folder}transcript.txt` });
      zip.append(json!, { name: `${folder}meeting.json` });
      const key = keyFromAudioUrl(meeting.audioUrl);
      if (options.audio && key?.startsWith(`${userId}/`)) {
        const stat = await deps.storage.stat(key);
        if (!stat) {
          missing.push(folder);
          continue;
        }
        const body = await deps.storage.read(key);
        zip.append(body, { name: `${folder}audio${key.slice(key.lastIndexOf('.'))}`, store: true });
        // One audio stream open at a time: wait until the zip has taken this one.
        await new Promise<void>((resolve, reject) => {
          body.once('end', resolve);
          body.once('close', resolve);
          body.once('error', reject);
        });
      }
    }
    zip.append(`${JSON.stringify(await listTodos(db, userId), null, 2)}\n`, { name: 'todos.json' });
    const chats = [];
    for (const chat of await listChats(db, userId)) {
      chats.push({ ...chat, messages: await listChatMessages(db, userId, chat.id) });
    }
    zip.append(`${JSON.stringify(chats, null, 2)}\n`, { name: 'chats.json' });
    zip.append(readme(rows.length, options.audio, missing), { name: 'README.txt' });
    await zip.finalize();
  };
  write().catch((err: unknown) => {
    log.warn({ err }, '[export] the account export failed while streaming');
    zip.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return zip;
}

function readme(count: number, audio: boolean, missing: string[]): string {
  return [
    'Summy export',
    '',
    `${count} meeting${count === 1 ? '' : 's'}, one folder each under meetings/: meeting.md (Markdown`,
    'with YAML front matter, opens in Obsidian), transcript.txt, meeting.json' +
      (audio ? ' and the recording (audio.*).' : '. Recordings were not included.'),
    'todos.json holds your to-dos, chats.json your assistant chats with their messages.',
    ...(missing.length
      ? ['', 'Recordings that could not be found in storage:', ...missing.map((f) => `- ${f}`)]
      : []),
    '',
  ].join('\n');
}
