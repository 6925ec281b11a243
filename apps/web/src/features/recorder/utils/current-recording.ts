/**
 * The documented "current recording" local browser key: which meeting this browser is recording,
 * for code that cannot wait for IndexedDB. IndexedDB (recording-db.ts) stays the source of truth
 * for recovery; this key mirrors the recording while it runs.
 */
import { USER_STORAGE_KEYS } from '@/lib/user-storage';

/**
 * localStorage key of the current recording (JSON {meetingId, title, startedAt}); cleared at
 * sign-out (lib/user-storage.ts).
 */
export const CURRENT_RECORDING_KEY = USER_STORAGE_KEYS.currentRecording;

/** What the key holds. */
export interface CurrentRecording {
  meetingId: string;
  title: string;
  /** ISO 8601. */
  startedAt: string;
}

/** Writes the key when a recording starts. Failures are ignored: IndexedDB has the same facts. */
export function setCurrentRecording(value: CurrentRecording): void {
  try {
    localStorage.setItem(CURRENT_RECORDING_KEY, JSON.stringify(value));
  } catch {
    // Storage blocked; recovery reads IndexedDB.
  }
}

/** Clears the key once the recording is stopped, recovered or discarded. */
export function clearCurrentRecording(meetingId?: string): void {
  try {
    const raw = localStorage.getItem(CURRENT_RECORDING_KEY);
    if (!raw) return;
    if (meetingId && (JSON.parse(raw) as Partial<CurrentRecording>).meetingId !== meetingId) return;
    localStorage.removeItem(CURRENT_RECORDING_KEY);
  } catch {
    // Nothing to clear.
  }
}
