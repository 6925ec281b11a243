/**
 * The local copy under 'summy-ai-preferences-v1': stored as the server answered, read back, ignored
 * when malformed, and cleared at sign-out with the person's keys.
 */
import { describe, expect, it } from 'vitest';
import { clearUserStorage } from '@/lib/user-storage';
import {
  AI_PREFERENCES_KEY,
  readStoredAiPreferences,
  saveStoredAiPreferences,
} from './preferences-storage';

/** A Storage over a Map. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const preferences = {
  summaryModel: 'openai:gpt-5-mini',
  chatModel: 'auto',
  summaryTemplate: 'stand-up',
};

describe('the summy-ai-preferences-v1 key', () => {
  it('is the documented key name', () => {
    expect(AI_PREFERENCES_KEY).toBe('summy-ai-preferences-v1');
  });

  it('holds exactly the three preferences and reads them back', () => {
    const storage = memoryStorage();
    saveStoredAiPreferences({ ...preferences, extra: 1 } as typeof preferences, storage);
    expect(JSON.parse(storage.getItem(AI_PREFERENCES_KEY)!)).toEqual(preferences);
    expect(readStoredAiPreferences(storage)).toEqual(preferences);
  });

  it('reads null for nothing stored, broken JSON or another shape', () => {
    const storage = memoryStorage();
    expect(readStoredAiPreferences(storage)).toBeNull();
    storage.setItem(AI_PREFERENCES_KEY, '{not json');
    expect(readStoredAiPreferences(storage)).toBeNull();
    storage.setItem(AI_PREFERENCES_KEY, JSON.stringify({ summaryModel: 3 }));
    expect(readStoredAiPreferences(storage)).toBeNull();
  });

  it('never throws on storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readStoredAiPreferences(refusing)).toBeNull();
    expect(() => saveStoredAiPreferences(preferences, refusing)).not.toThrow();
  });

  it('is cleared at sign-out with the other keys of the person', () => {
    const storage = memoryStorage();
    saveStoredAiPreferences(preferences, storage);
    storage.setItem('summy-theme', 'dark');
    expect(clearUserStorage(storage)).toContain(AI_PREFERENCES_KEY);
    expect(storage.getItem(AI_PREFERENCES_KEY)).toBeNull();
    expect(storage.getItem('summy-theme')).toBe('dark');
  });
});
