/**
 * Placeholder meetings of uploads in flight: a temporary placeholder meeting (processing)
 * appears in the sidebar. The recorder feature adds and updates them; the sidebar shows them. A
 * tiny external store shared through `lib/` because features must not import each other.
 */
import { useSyncExternalStore } from 'react';

/** A placeholder meeting; `id` begins with `temp-`. */
export interface PendingUpload {
  id: `temp-${string}`;
  /** The file name without extension, the meeting's fallback title. */
  title: string;
  /** Bytes sent so far. */
  loaded: number;
  /** Size of the file in bytes. */
  total: number;
  /** When the upload started, ISO 8601. */
  date: string;
}

type Listener = () => void;

let uploads: readonly PendingUpload[] = [];
const listeners = new Set<Listener>();

function emit(next: readonly PendingUpload[]) {
  uploads = next;
  for (const listener of listeners) listener();
}

/** The store of placeholders; every change replaces the array so React sees it. */
export const pendingUploads = {
  /** Adds a placeholder (newest first). */
  add(upload: PendingUpload): void {
    emit([upload, ...uploads.filter((u) => u.id !== upload.id)]);
  },
  /** Changes fields of a placeholder; unknown ids are ignored. */
  update(id: string, patch: Partial<Omit<PendingUpload, 'id'>>): void {
    if (!uploads.some((u) => u.id === id)) return;
    emit(uploads.map((u) => (u.id === id ? { ...u, ...patch } : u)));
  },
  /** Removes a placeholder (replaced by the saved meeting, or the upload failed). */
  remove(id: string): void {
    if (!uploads.some((u) => u.id === id)) return;
    emit(uploads.filter((u) => u.id !== id));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): readonly PendingUpload[] {
    return uploads;
  },
};

/** The placeholders now in flight, newest first. */
export function usePendingUploads(): readonly PendingUpload[] {
  return useSyncExternalStore(
    pendingUploads.subscribe,
    pendingUploads.getSnapshot,
    pendingUploads.getSnapshot,
  );
}

/** True for a placeholder meeting's id ("placeholder id begins with temp-"). */
export function isTemporaryId(id: string): id is `temp-${string}` {
  return id.startsWith('temp-');
}
