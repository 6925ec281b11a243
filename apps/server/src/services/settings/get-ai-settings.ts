import { SUMMARY_TEMPLATES, type AiSettings, type SummaryTemplateChoice } from '@summy/core';
import type { Database } from '@summy/db';
import type { Env } from '../../env.ts';
import { aiModelChoices } from '../../providers/llm/catalog.ts';
import { readTextPreferences } from '../text/text-preferences.ts';

/** The templates as the selects show them (ids and labels from @summy/core). */
const TEMPLATE_CHOICES: SummaryTemplateChoice[] = SUMMARY_TEMPLATES.map(
  ({ id, label, description }) => ({ id, label, description }),
);

/**
 * `GET /api/settings/ai`: the user's summary model, chat model and summary template (defaults
 * 'auto', 'auto', 'general' without a settings row), the model choices of this server with why an
 * unavailable one is not offered, and the summary templates.
 */
export async function getAiSettings(
  deps: { db: Database; env: Pick<Env, 'settings' | 'modelsDir' | 'modelsCatalogFile'> },
  userId: string,
): Promise<AiSettings> {
  const preferences = await readTextPreferences(deps.db, userId);
  return {
    preferences: {
      summaryModel: preferences.summaryModel,
      chatModel: preferences.chatModel,
      summaryTemplate: preferences.summaryTemplate,
    },
    models: aiModelChoices(deps.env.settings, deps.env),
    templates: TEMPLATE_CHOICES,
  };
}
