/**
 * The browser's copy of recordings in progress: every MediaRecorder chunk is written here before it
 * is sent, and marked sent once the server acknowledged it. After a crashed or closed tab the next
 * visit finds the meta and the unsent chunks here and can finish the meeting. IndexedDB rather than
 * localStorage because chunks are Blobs and a long recording is tens of megabytes.
 */
import type { ChannelLayout } from '@summy/core';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What is known of a recording besides its audio. */
export interface RecordingMeta {
  /** The server meeting the chunks belong to. */
  meetingId: string;
  /** The signed-in user who recorded it; another user signing in on this browser is not offered it. */
  userId: string | null;
  title: string;
  /** When recording started, ISO 8601. */
  startedAt: string;
  /** Recorded time in ms, pauses excluded, as of the last chunk. */
  durationMs: number;
  /** The MediaRecorder's MIME type, e.g. 'audio/webm;codecs=opus'. */
  mimeType: string;
  /** `['me','them']` for a call (two channels), null or absent (older copies) for one source. */
  channels?: ChannelLayout;
  /** Last write, ISO 8601. */
  updatedAt: string;
}

/** One MediaRecorder chunk. `index` counts from 0 in recording order (the server's `?index=`). */
export interface RecordingChunk {
  meetingId: string;
  index: number;
  blob: Blob;
  /** 1 once the server acknowledged it (a number, because IndexedDB cannot index booleans). */
  sent: 0 | 1;
}

interface RecorderDb extends DBSchema {
  recordings: { key: string; value: RecordingMeta };
  chunks: {
    key: [string, number];
    value: RecordingChunk;
    indexes: { byMeeting: string };
  };
}

const DB_NAME = 'summy-recorder';
const DB_VERSION = 1;

let dbPromise: Promise<IDBPDatabase<RecorderDb>> | null = null;

function db(): Promise<IDBPDatabase<RecorderDb>> {
  dbPromise ??= openDB<RecorderDb>(DB_NAME, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('recordings', { keyPath: 'meetingId' });
      const chunks = database.createObjectStore('chunks', { keyPath: ['meetingId', 'index'] });
      chunks.createIndex('byMeeting', 'meetingId');
    },
  }).catch((error: unknown) => {
    // Let a later call try again (e.g. storage was briefly blocked).
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** Creates or replaces the meta of a recording. */
export async function putRecordingMeta(meta: RecordingMeta): Promise<void> {
  await (await db()).put('recordings', meta);
}

/** Changes some fields of a recording's meta; does nothing when it is gone. */
export async function updateRecordingMeta(
  meetingId: string,
  patch: Partial<Omit<RecordingMeta, 'meetingId'>>,
): Promise<void> {
  const database = await db();
  const tx = database.transaction('recordings', 'readwrite');
  const current = await tx.store.get(meetingId);
  if (current) await tx.store.put({ ...current, ...patch, updatedAt: new Date().toISOString() });
  await tx.done;
}

/** Every recording that still has a local copy, oldest first. */
export async function listRecordings(): Promise<RecordingMeta[]> {
  const all = await (await db()).getAll('recordings');
  return all.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/** Moves a recording's local copy to another meeting (its meeting was deleted on the server). */
export async function moveRecording(from: string, to: string): Promise<void> {
  const database = await db();
  const tx = database.transaction(['recordings', 'chunks'], 'readwrite');
  const meta = await tx.objectStore('recordings').get(from);
  const chunks = await tx.objectStore('chunks').index('byMeeting').getAll(from);
  if (meta) {
    await tx.objectStore('recordings').delete(from);
    await tx.objectStore('recordings').put({ ...meta, meetingId: to });
  }
  for (const chunk of chunks) {
    await tx.objectStore('chunks').delete([from, chunk.index]);
    await tx.objectStore('chunks').put({ ...chunk, meetingId: to, sent: 0 });
  }
  await tx.done;
}

/** Stores one chunk, not yet sent. */
export async function putChunk(meetingId: string, index: number, blob: Blob): Promise<void> {
  await (await db()).put('chunks', { meetingId, index, blob, sent: 0 });
}

/** Marks a chunk acknowledged by the server. */
export async function markChunkSent(meetingId: string, index: number): Promise<void> {
  const database = await db();
  const tx = database.transaction('chunks', 'readwrite');
  const chunk = await tx.store.get([meetingId, index]);
  if (chunk && chunk.sent === 0) await tx.store.put({ ...chunk, sent: 1 });
  await tx.done;
}

/** A recording's chunks in index order. */
export async function listChunks(meetingId: string): Promise<RecordingChunk[]> {
  const chunks = await (await db()).getAllFromIndex('chunks', 'byMeeting', meetingId);
  return chunks.sort((a, b) => a.index - b.index);
}

/** Deletes a recording's meta and chunks (after a successful stop, or when discarded). */
export async function deleteRecording(meetingId: string): Promise<void> {
  const database = await db();
  const tx = database.transaction(['recordings', 'chunks'], 'readwrite');
  await tx.objectStore('recordings').delete(meetingId);
  const range = IDBKeyRange.bound([meetingId, 0], [meetingId, Infinity]);
  await tx.objectStore('chunks').delete(range);
  await tx.done;
}
