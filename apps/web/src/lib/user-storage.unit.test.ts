/** Sign-out clears the person's localStorage keys and keeps the browser's. */
import { describe, expect, it } from 'vitest';
import { CHAT_CONTEXT_STORAGE_KEY } from '@/features/chat/utils/context-store';
import { CURRENT_RECORDING_KEY } from '@/features/recorder/utils/current-recording';
import { clearUserStorage } from './user-storage';

// The browser's own keys, as use-theme.ts and recording-settings.ts name them (both modules need a
// window to load).
const THEME_STORAGE_KEY = 'theme';
const RECORDING_SETTINGS_KEY = 'summy.recordingSettings';

/** A `Storage` over a map, with the index-based `key()` browsers have. */
function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('clearUserStorage', () => {
  it("removes the chat context, the current recording and tus upload URLs, keeping the browser's settings", () => {
    const storage = memoryStorage({
      [THEME_STORAGE_KEY]: 'dark',
      [CHAT_CONTEXT_STORAGE_KEY]: '{"chat-1":["m-1"]}',
      [RECORDING_SETTINGS_KEY]: '{}',
      [CURRENT_RECORDING_KEY]: '{"meetingId":"m-2","title":"1:1"}',
      'tus::tus-br-a.webm-audio/webm-123-1::1': '{"uploadUrl":"/api/uploads/x"}',
      'tus::tus-br-b.webm-audio/webm-456-1::2': '{"uploadUrl":"/api/uploads/y"}',
      'unrelated-key': 'kept',
    });
    expect(clearUserStorage(storage).sort()).toEqual(
      [
        CHAT_CONTEXT_STORAGE_KEY,
        CURRENT_RECORDING_KEY,
        'tus::tus-br-a.webm-audio/webm-123-1::1',
        'tus::tus-br-b.webm-audio/webm-456-1::2',
      ].sort(),
    );
    expect([...storage.map.keys()].sort()).toEqual(
      [THEME_STORAGE_KEY, RECORDING_SETTINGS_KEY, 'unrelated-key'].sort(),
    );
  });

  it('does nothing, and does not throw, when storage is blocked', () => {
    const blocked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
      key: () => null,
      removeItem: () => undefined,
    };
    expect(clearUserStorage(blocked)).toEqual([]);
  });
});
