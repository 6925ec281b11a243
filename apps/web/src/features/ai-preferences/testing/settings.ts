/** AI settings as a server with only OpenAI configured answers them, for the feature's tests. */
import { SUMMARY_TEMPLATES, type AiSettings } from '@summy/core';

/** Claude unavailable (no key), the OpenAI models available; preferences as given. */
export function aiSettingsFixture(
  preferences: Partial<AiSettings['preferences']> = {},
): AiSettings {
  return {
    preferences: {
      summaryModel: 'auto',
      chatModel: 'auto',
      summaryTemplate: 'general',
      ...preferences,
    },
    models: [
      { value: 'auto', label: 'Auto', available: true },
      {
        value: 'anthropic:claude-sonnet-4-20250514',
        label: 'Claude Sonnet 4',
        available: false,
        reason: 'ANTHROPIC_API_KEY is not set on this server',
      },
      { value: 'openai:gpt-5', label: 'GPT-5', available: true },
      { value: 'openai:gpt-5-mini', label: 'GPT-5 mini', available: true },
    ],
    templates: SUMMARY_TEMPLATES.map(({ id, label, description }) => ({ id, label, description })),
  };
}
