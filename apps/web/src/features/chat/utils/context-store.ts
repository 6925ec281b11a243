/**
 * The meetings each chat is about, kept in this browser too ("meeting context ids also kept locally
 * per chat"). The server keeps the same list (`contextMeetingIds`); this copy survives a failed
 * update.
 */
import { USER_STORAGE_KEYS } from '@/lib/user-storage';

/** localStorage key: JSON `{ [chatId]: meetingIds[] }`; cleared at sign-out (lib/user-storage.ts). */
export const CHAT_CONTEXT_STORAGE_KEY = USER_STORAGE_KEYS.chatContext;

/** Chats remembered at most; the oldest written are forgotten first. */
export const CHAT_CONTEXT_STORE_MAX = 200;

/** Reads and writes the per-chat context. */
export interface ChatContextStore {
  /** The chat's meetings, or undefined when this browser does not know them. */
  get(chatId: string): string[] | undefined;
  set(chatId: string, meetingIds: readonly string[]): void;
}

/** The subset of `Storage` the store uses, so tests can pass a map. */
export type StringStorage = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: StringStorage): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHAT_CONTEXT_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, string[]> = {};
    for (const [id, ids] of Object.entries(parsed)) {
      if (Array.isArray(ids)) out[id] = ids.filter((x): x is string => typeof x === 'string');
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The store over `storage` (default: `localStorage`; nothing is kept when it is unavailable, such
 * as in a private window that refuses writes). Entries keep insertion order, newest last.
 */
export function createChatContextStore(storage?: StringStorage): ChatContextStore {
  const target = (): StringStorage | undefined => {
    if (storage) return storage;
    try {
      return globalThis.localStorage;
    } catch {
      return undefined;
    }
  };
  return {
    get(chatId) {
      const s = target();
      return s ? read(s)[chatId] : undefined;
    },
    set(chatId, meetingIds) {
      const s = target();
      if (!s) return;
      const all = read(s);
      delete all[chatId];
      all[chatId] = [...meetingIds];
      const ids = Object.keys(all);
      for (const old of ids.slice(0, Math.max(0, ids.length - CHAT_CONTEXT_STORE_MAX))) {
        delete all[old];
      }
      try {
        s.setItem(CHAT_CONTEXT_STORAGE_KEY, JSON.stringify(all));
      } catch {
        // Full or refused storage: the server's copy still holds the context.
      }
    },
  };
}
