/**
 * The localStorage keys that belong to the signed-in person, cleared at sign-out so the next person
 * on this browser finds nothing of theirs (sign-out left `summy-chat-context`). The theme and the
 * recording settings stay: they are this browser's, not the person's.
 */

/** Keys holding one person's data. The features read their key from here. */
export const USER_STORAGE_KEYS = {
  /** Meetings of each chat (features/chat/utils/context-store.ts). */
  chatContext: 'summy-chat-context',
  /** The recording in progress: meeting id and title (features/recorder/utils/current-recording.ts). */
  currentRecording: 'summy.currentRecording',
  /**
   * Where to come back to after Linear's OAuth (features/linear/utils/linear-storage.ts:
   * /linear/callback with no code returns to it).
   */
  linearReturnTo: 'summy.linearReturnTo',
  /** The Linear team 'Send to Linear' creates issues in, chosen once (features/linear). */
  linearTeamId: 'summy.linearTeamId',
  /**
   * The AI preferences (summary and chat model, summary template) as last answered by the server
   * (features/ai-preferences/utils/preferences-storage.ts).
   */
  aiPreferences: 'summy-ai-preferences-v1',
} as const;

/** Key prefixes holding one person's data: tus-js-client's resumable upload URLs (`tus::{fingerprint}::{id}`). */
export const USER_STORAGE_PREFIXES = ['tus::'] as const;

/** The subset of `Storage` clearing needs, so tests can pass a map. */
export type ClearableStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>;

/**
 * Removes every key of {@link USER_STORAGE_KEYS} and {@link USER_STORAGE_PREFIXES} from `storage`
 * (default `localStorage`); answers the keys removed. Never throws: blocked storage holds nothing.
 */
export function clearUserStorage(storage?: ClearableStorage): string[] {
  let target: ClearableStorage;
  try {
    target = storage ?? globalThis.localStorage;
    if (!target) return [];
    const exact = new Set<string>(Object.values(USER_STORAGE_KEYS));
    const keys: string[] = [];
    for (let i = 0; i < target.length; i++) {
      const key = target.key(i);
      if (key && (exact.has(key) || USER_STORAGE_PREFIXES.some((p) => key.startsWith(p)))) {
        keys.push(key);
      }
    }
    for (const key of keys) target.removeItem(key);
    return keys;
  } catch {
    return [];
  }
}
