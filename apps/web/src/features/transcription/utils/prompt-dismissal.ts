/**
 * Whether the signed-in person has dismissed the first-run transcription prompt (issue 12 point
 * 3: "once, dismissible"). Kept in localStorage under a key of lib/user-storage.ts, so sign-out
 * clears it with the person's other keys; the value is the dismissing user's id, so someone else
 * signing in on this browser without a sign-out in between still sees their prompt.
 */
import { useSyncExternalStore } from 'react';
import { USER_STORAGE_KEYS } from '@/lib/user-storage';

const KEY = USER_STORAGE_KEYS.transcriptionPromptDismissed;
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let dismissedBy = read();

// Another tab's dismissal hides it here too. (Optional: component tests render without a window.)
globalThis.addEventListener?.('storage', (event) => {
  if (event.key !== KEY && event.key !== null) return;
  dismissedBy = read();
  for (const listener of listeners) listener();
});

/** Records that `userId` dismissed the prompt (every open view hides it at once). */
export function dismissTranscriptionPrompt(userId: string): void {
  dismissedBy = userId;
  try {
    localStorage.setItem(KEY, userId);
  } catch {
    // Storage blocked: dismissed for this visit only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when `userId` has dismissed the prompt on this browser. */
export function usePromptDismissed(userId: string | null | undefined): boolean {
  const snapshot = () => dismissedBy;
  const by = useSyncExternalStore(subscribe, snapshot, snapshot);
  return Boolean(userId) && by === userId;
}
