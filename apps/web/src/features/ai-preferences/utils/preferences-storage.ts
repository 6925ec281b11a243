/**
 * The browser's copy of the person's AI preferences under 'summy-ai-preferences-v1': read first so
 * Settings and the Regenerate summary dialog show the person's choices at once, overwritten by the
 * server's answer (the server wins: `user_settings.ai_preferences` is what the pipeline and chat
 * use).
 */
import { aiPreferencesSchema, DEFAULT_SUMMARY_TEMPLATE, type AiPreferences } from '@summy/core';
import { USER_STORAGE_KEYS } from '@/lib/user-storage';

/** The local key, from the list sign-out clears (the preferences are the person's). */
export const AI_PREFERENCES_KEY = USER_STORAGE_KEYS.aiPreferences;

/** Preferences of someone who never chose (auto, auto, general). */
export const DEFAULT_AI_PREFERENCES: AiPreferences = {
  summaryModel: 'auto',
  chatModel: 'auto',
  summaryTemplate: DEFAULT_SUMMARY_TEMPLATE,
};

/** The subset of `Storage` used here, so tests can pass a map. */
export type PreferencesStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): PreferencesStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The stored preferences, or null when none are stored or the value is not the key's shape (an
 * older or hand-edited value is ignored rather than trusted). Never throws.
 */
export function readStoredAiPreferences(
  storage: PreferencesStorage | undefined = defaultStorage(),
): AiPreferences | null {
  try {
    const raw = storage?.getItem(AI_PREFERENCES_KEY);
    if (!raw) return null;
    const parsed = aiPreferencesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores `preferences` as the key's JSON; blocked or full storage is ignored. */
export function saveStoredAiPreferences(
  preferences: AiPreferences,
  storage: PreferencesStorage | undefined = defaultStorage(),
): void {
  try {
    const { summaryModel, chatModel, summaryTemplate } = preferences;
    storage?.setItem(
      AI_PREFERENCES_KEY,
      JSON.stringify({ summaryModel, chatModel, summaryTemplate }),
    );
  } catch {
    // Private mode or a full quota: the server still has them.
  }
}
