/**
 * Settings > General, the AI section ("AI model choice for summaries and action items, and for
 * chat"): the two model selects, the summary template, and the models this server cannot run with
 * why. Each change is saved at once ('Saved'); the person's stored choices show before the server
 * answers.
 */
import { isSummaryTemplateId, type AiSettings, type UpdateAiSettingsInput } from '@summy/core';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useAiSettings } from '../api/get-ai-settings';
import { useUpdateAiSettings } from '../api/update-ai-settings';
import { LOCAL_TEMPLATES, placeholderModels } from '../utils/choices';
import { DEFAULT_AI_PREFERENCES, readStoredAiPreferences } from '../utils/preferences-storage';
import { ModelField, TemplateField, UnavailableModels } from './preference-fields';

/** What the section shows before the server answered: the stored choices, nothing to change. */
function placeholderSettings(): AiSettings {
  const preferences = readStoredAiPreferences() ?? DEFAULT_AI_PREFERENCES;
  return { preferences, models: placeholderModels(preferences), templates: [...LOCAL_TEMPLATES] };
}

/** The two model preferences ("for summaries and action items, and for chat"). */
const MODEL_FIELDS = [
  {
    key: 'summaryModel',
    label: 'Summaries and action items',
    hint: 'The model that writes titles, summaries and action items.',
  },
  {
    key: 'chatModel',
    label: 'Chat',
    hint: 'The model that answers questions about your meetings.',
  },
] as const;

/** Props of {@link AiPreferencesView}. */
export interface AiPreferencesViewProps {
  /** The server's settings, or the placeholder while `loading`. */
  settings: AiSettings;
  /** Not yet answered: the selects show the stored choices, disabled. */
  loading?: boolean;
  /** The request failed: a message with `onRetry`. */
  failed?: boolean;
  onRetry?: () => void;
  onChange: (patch: UpdateAiSettingsInput) => void;
}

/** The section's fields for given settings (split from the data hooks for tests). */
export function AiPreferencesView({
  settings,
  loading,
  failed,
  onRetry,
  onChange,
}: AiPreferencesViewProps) {
  const id = useId();
  const { preferences, models, templates } = settings;
  return (
    <div className="flex flex-col gap-4" aria-busy={loading || undefined}>
      {failed && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <span>Could not load the AI settings.</span>
          <Button variant="outline" size="sm" onClick={onRetry} className="self-start sm:self-auto">
            Try again
          </Button>
        </div>
      )}
      {MODEL_FIELDS.map(({ key, label, hint }) => (
        <ModelField
          key={key}
          id={`${id}-${key}`}
          label={label}
          hint={hint}
          value={preferences[key]}
          models={models}
          disabled={loading || failed}
          inline
          onChange={(value) => onChange({ [key]: value })}
        />
      ))}
      {!loading && <UnavailableModels models={models} />}
      <TemplateField
        id={`${id}-template`}
        label="Summary template"
        hint="How new summaries are organised."
        value={preferences.summaryTemplate}
        templates={templates}
        disabled={loading || failed}
        inline
        onChange={(summaryTemplate) => {
          if (isSummaryTemplateId(summaryTemplate)) onChange({ summaryTemplate });
        }}
      />
    </div>
  );
}

/**
 * The AI section of Settings > General, with its data: placed by the app layer
 * (app/layout/settings-content.tsx) because features do not import each other.
 */
export function AiPreferencesSection() {
  const query = useAiSettings();
  const update = useUpdateAiSettings();
  return (
    <AiPreferencesView
      settings={query.data ?? placeholderSettings()}
      loading={query.isPending}
      failed={query.isError && !query.data}
      onRetry={() => void query.refetch()}
      onChange={(patch) => update.mutate(patch)}
    />
  );
}
