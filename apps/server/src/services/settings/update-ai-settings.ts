import { sql } from 'drizzle-orm';
import type { AiSettings, UpdateAiSettingsInput } from '@summy/core';
import { userSettings, type Database } from '@summy/db';
import type { Env } from '../../env.ts';
import { DEFAULT_TEXT_PREFERENCES } from '../text/text-preferences.ts';
import { getAiSettings } from './get-ai-settings.ts';
import { assertUsableModel } from './usable-model.ts';

/**
 * `PUT /api/settings/ai`: stores the given preferences in `user_settings.ai_preferences`, leaving
 * the others as they are, and answers as {@link getAiSettings}. The merge is one statement (jsonb
 * `||`), so two tabs saving different fields at once both keep theirs. The template is checked by
 * the body's schema.
 * @throws ValidationError 400 when a model is no choice of this server, or its provider is not
 *   configured here (details name the field and the reason)
 */
export async function updateAiSettings(
  deps: { db: Database; env: Pick<Env, 'settings' | 'modelsDir' | 'modelsCatalogFile'> },
  userId: string,
  input: UpdateAiSettingsInput,
): Promise<AiSettings> {
  if (input.summaryModel !== undefined)
    assertUsableModel(deps.env, input.summaryModel, 'summaryModel');
  if (input.chatModel !== undefined) assertUsableModel(deps.env, input.chatModel, 'chatModel');
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length > 0) {
    await deps.db
      .insert(userSettings)
      .values({ userId, aiPreferences: { ...DEFAULT_TEXT_PREFERENCES, ...patch } })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: {
          aiPreferences: sql`${userSettings.aiPreferences} || ${JSON.stringify(patch)}::jsonb`,
          updatedAt: new Date(),
        },
      });
  }
  return getAiSettings(deps, userId);
}
