import type { Database } from '@summy/db';
import type { Env } from '../../env.ts';
import type { TextModelOptions } from '../../providers/llm/catalog.ts';
import { selectTextModel, type TextModelOverride } from '../../providers/llm/select.ts';
import type { TextModel } from '../../providers/llm/types.ts';
import { readTextPreferences } from './text-preferences.ts';

/** A user's text model and summary template. */
export interface UserTextModel {
  model: TextModel;
  /** The user's summary template ('general' by default). */
  template: string;
}

/**
 * The text model for a user: `override` (provider and model of a request) when configured, else the
 * user's `ai_preferences.summaryModel` ('auto' by default).
 */
export async function textModelForUser(
  deps: { db: Database; env: Pick<Env, 'settings'> },
  userId: string,
  override: TextModelOverride = {},
  options: TextModelOptions = {},
): Promise<UserTextModel> {
  const prefs = await readTextPreferences(deps.db, userId);
  return {
    model: selectTextModel(deps.env, prefs.summaryModel, override, options),
    template: prefs.summaryTemplate,
  };
}
