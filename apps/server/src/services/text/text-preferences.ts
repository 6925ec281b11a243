import { eq } from 'drizzle-orm';
import { userSettings, type Database } from '@summy/db';

/** The AI preferences the text steps read. */
export interface TextPreferences {
  /** 'auto' or 'provider:model'. */
  summaryModel: string;
  /** Summary template; 'general' by default. */
  summaryTemplate: string;
  /** The meeting assistant's model: 'auto' or 'provider:model'. */
  chatModel: string;
}

/** Defaults when the user has no settings row yet (auto, auto, general). */
export const DEFAULT_TEXT_PREFERENCES: TextPreferences = {
  summaryModel: 'auto',
  summaryTemplate: 'general',
  chatModel: 'auto',
};

/** The user's summary model, template and chat model from `user_settings.ai_preferences`, else the defaults. */
export async function readTextPreferences(db: Database, userId: string): Promise<TextPreferences> {
  const [row] = await db
    .select({ ai: userSettings.aiPreferences })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return {
    summaryModel: row?.ai?.summaryModel?.trim() || DEFAULT_TEXT_PREFERENCES.summaryModel,
    summaryTemplate: row?.ai?.summaryTemplate?.trim() || DEFAULT_TEXT_PREFERENCES.summaryTemplate,
    chatModel: row?.ai?.chatModel?.trim() || DEFAULT_TEXT_PREFERENCES.chatModel,
  };
}
