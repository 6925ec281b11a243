/**
 * Pure rules of the AI preference selects: which options a select lists, what an unavailable one
 * says, and which model a regeneration starts with.
 */
import {
  OFFLINE_NOTES_ENGINE,
  SUMMARY_TEMPLATES,
  summaryTemplateOf,
  type AiModelChoice,
  type AiPreferences,
  type NotesEngine,
  type SummaryTemplateChoice,
} from '@summy/core';

/** The 'Auto' choice: the server picks the best configured model. */
export const AUTO_CHOICE: AiModelChoice = { value: 'auto', label: 'Auto', available: true };

/** What an unavailable choice says when the server gave no reason. */
export const NOT_CONFIGURED = 'Not configured on this server';

/**
 * The options of a model select: the server's choices, plus `current` when the server no longer
 * lists it (a model removed from the server's settings), marked unavailable so the select still
 * shows what is stored instead of silently showing another choice.
 */
export function modelOptions(
  models: readonly AiModelChoice[],
  current: string,
): readonly AiModelChoice[] {
  if (models.some((m) => m.value === current)) return models;
  if (current === 'auto') return [AUTO_CHOICE, ...models];
  return [...models, { value: current, label: modelLabel(current), available: false }];
}

/** A readable name of a model value without a server label: 'provider:model' shows the model. */
export function modelLabel(value: string): string {
  if (value === 'auto') return AUTO_CHOICE.label;
  const colon = value.indexOf(':');
  return colon >= 0 ? value.slice(colon + 1) : value;
}

/** Text of one `<option>`: the label, and for an unavailable one that it cannot be chosen. */
export function optionText(choice: AiModelChoice): string {
  return choice.available ? choice.label : `${choice.label} (not available)`;
}

/** The choices this server cannot run, with why, for the line under the selects. */
export function unavailableModels(
  models: readonly AiModelChoice[],
): { label: string; reason: string }[] {
  return models
    .filter((m) => !m.available)
    .map((m) => ({ label: m.label, reason: m.reason ?? NOT_CONFIGURED }));
}

/** `value` when this server can run it now, else 'auto' (a regeneration must not start refused). */
export function usableModel(models: readonly AiModelChoice[], value: string): string {
  return models.some((m) => m.value === value && m.available) ? value : AUTO_CHOICE.value;
}

/** The choice of `value`, when listed. */
export function findModel(
  models: readonly AiModelChoice[],
  value: string,
): AiModelChoice | undefined {
  return models.find((m) => m.value === value);
}

/**
 * The templates to list before the server answered: core's own list (the server answers the same
 * ids and labels, both come from packages/core).
 */
export const LOCAL_TEMPLATES: readonly SummaryTemplateChoice[] = SUMMARY_TEMPLATES.map(
  ({ id, label, description }) => ({ id, label, description }),
);

/**
 * The model choices to show before the server answered: just the stored ones, so the selects
 * show the person's choice at once (from 'summy-ai-preferences-v1') without claiming what this
 * server can run.
 */
export function placeholderModels(preferences: AiPreferences): AiModelChoice[] {
  const values = [...new Set(['auto', preferences.summaryModel, preferences.chatModel])];
  return values.map((value) => ({ value, label: modelLabel(value), available: true }));
}

/** The headings a summary in `templateId` has ('Yesterday, Today, Blockers'). */
export function templateSections(templateId: string): string {
  return summaryTemplateOf(templateId)
    .sections.map((section) => section.heading)
    .join(', ');
}

/**
 * Who wrote a meeting's summary: 'GPT-5 mini, Stand-up template', or only one of them, or null
 * when neither is known (summaries from before they were recorded).
 */
export function summaryByline(
  model: string | null | undefined,
  template: string | null | undefined,
): string | null {
  const parts = [model, template ? `${summaryTemplateOf(template).label} template` : null].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * Which engine wrote a meeting's notes, in plain words: the offline generator writes without a
 * language model, and the reader should know its notes are picks from the transcript; any other
 * engine ('provider:model', 'local:<model id>') by its catalog label ('Notes by Claude Sonnet 4').
 * Null when the meeting does not record one (notes written before it was recorded).
 */
export function notesEngineLine(engine: NotesEngine | null | undefined): string | null {
  if (!engine) return null;
  if (engine.id === OFFLINE_NOTES_ENGINE) {
    return 'Notes written offline from the transcript (no language model)';
  }
  return `Notes by ${engine.label}`;
}
