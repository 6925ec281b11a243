/**
 * The browser's copy of My notes: every save goes here before the server, so a crash, a reload or
 * a time offline loses nothing, and the copy is sent when the server can be reached. IndexedDB
 * through `idb`, like the recorder's chunks; localStorage would block the page on each keystroke.
 */
import type { NoteBlock } from '@summy/core';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** The key of the notes written before Start, when no meeting exists yet. */
export const DRAFT_KEY = 'draft';

/** The key of a meeting's notes. */
export function meetingNotesKey(meetingId: string): string {
  return `meeting:${meetingId}`;
}

/** One copy of notes kept in the browser. */
export interface NotesDraft {
  /** {@link DRAFT_KEY} or {@link meetingNotesKey}. */
  key: string;
  blocks: NoteBlock[];
  /** When they were last edited here, ms since the epoch (this browser's clock). */
  editedAt: number;
  /** 1 once the server has this copy (a number: IndexedDB cannot index booleans). */
  sent: 0 | 1;
}

/** Where the sync keeps its copies: IndexedDB in the app, a Map in tests. */
export interface NotesStore {
  get(key: string): Promise<NotesDraft | undefined>;
  put(draft: NotesDraft): Promise<void>;
  delete(key: string): Promise<void>;
}

interface NotesDb extends DBSchema {
  drafts: { key: string; value: NotesDraft };
}

let dbPromise: Promise<IDBPDatabase<NotesDb>> | null = null;

function db(): Promise<IDBPDatabase<NotesDb>> {
  dbPromise ??= openDB<NotesDb>('summy-notes', 1, {
    upgrade(database) {
      database.createObjectStore('drafts', { keyPath: 'key' });
    },
  }).catch((error: unknown) => {
    // Let a later call try again (e.g. storage was briefly blocked).
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** The notes copies in this browser's IndexedDB (database 'summy-notes', store 'drafts'). */
export const indexedDbNotesStore: NotesStore = {
  async get(key) {
    return (await db()).get('drafts', key);
  },
  async put(draft) {
    await (await db()).put('drafts', draft);
  },
  async delete(key) {
    await (await db()).delete('drafts', key);
  },
};
