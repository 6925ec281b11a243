import { eq } from 'drizzle-orm';
import { userSettings, type Database } from '@summy/db';

/** The AI preferences the text steps read (spec 001 section 3). */
export interface TextPreferences {
  /** 'auto' or 'provider:model'. */
  summaryModel: string;
  /** Summary template; 'general' by default. */
  summaryTemplate: string;
}

/** Defaults when the user has no settings row yet (spec 001 section 9: auto, auto, general). */
export const DEFAULT_TEXT_PREFERENCES: TextPreferences = {
  summaryModel: 'auto',
  summaryTemplate: 'general',
};

/** The user's summary model and template from `user_settings.ai_preferences`, else the defaults. */
export async function readTextPreferences(db: Database, userId: string): Promise<TextPreferences> {
  const [row] = await db
    .select({ ai: userSettings.aiPreferences })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return {
    summaryModel: row?.ai?.summaryModel?.trim() || DEFAULT_TEXT_PREFERENCES.summaryModel,
    summaryTemplate: row?.ai?.summaryTemplate?.trim() || DEFAULT_TEXT_PREFERENCES.summaryTemplate,
  };
}
