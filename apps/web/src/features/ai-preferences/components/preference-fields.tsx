/**
 * The fields Settings > General and the Regenerate summary dialog share: a model select whose
 * unavailable choices stay listed but disabled, the template select with what the template's
 * summary holds, and the visible list of models this server cannot run with why.
 */
import type { AiModelChoice, SummaryTemplateChoice } from '@summy/core';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import {
  findModel,
  modelOptions,
  NOT_CONFIGURED,
  optionText,
  templateSections,
  unavailableModels,
} from '../utils/choices';

/** Props of {@link PreferenceField}. */
export interface PreferenceFieldProps {
  id: string;
  label: string;
  /** One line under the label. */
  hint?: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  /** The select's `<option>`s. */
  children: ReactNode;
  /** Text under the field, full width (the template's description, a warning). */
  footer?: ReactNode;
  /** Id of the footer when it describes the select. */
  footerId?: string;
  /** Lays label and select side by side from 640 px (Settings); stacked otherwise (the dialog). */
  inline?: boolean;
}

/** A labelled select, described by its hint and footer. */
function PreferenceField({
  id,
  label,
  hint,
  value,
  disabled,
  onChange,
  children,
  footer,
  footerId,
  inline,
}: PreferenceFieldProps) {
  const describedBy = [hint && `${id}-hint`, footer && footerId].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-2">
      <div
        className={cn(
          'grid gap-2',
          inline && 'sm:grid-cols-[minmax(0,1fr)_minmax(0,13.5rem)] sm:items-center sm:gap-4',
        )}
      >
        <div className="flex min-w-0 flex-col gap-0.5">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          {hint && (
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          )}
        </div>
        <NativeSelect
          id={id}
          value={value}
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </NativeSelect>
      </div>
      {footer}
    </div>
  );
}

/** What every field takes: its id, label, hint, value, change handler, and layout. */
export type FieldProps = Omit<PreferenceFieldProps, 'children' | 'footer' | 'footerId'>;

/** Props of {@link ModelField}: `value` is 'auto' or 'provider:model'. */
export type ModelFieldProps = FieldProps & { models: readonly AiModelChoice[] };

/**
 * A model select. A choice this server cannot run is listed disabled; when it is the stored one,
 * a warning under the select says why and that Auto is used meanwhile (the server falls back).
 */
export function ModelField({ models, ...field }: ModelFieldProps) {
  const options = modelOptions(models, field.value);
  const selected = findModel(options, field.value);
  const warningId = `${field.id}-warning`;
  const warning =
    selected && !selected.available
      ? `${selected.label} is not available: ${selected.reason ?? NOT_CONFIGURED}. Auto is used instead.`
      : null;
  return (
    <PreferenceField
      {...field}
      footer={warning && <Warning id={warningId}>{warning}</Warning>}
      footerId={warningId}
    >
      {options.map((choice) => (
        <option key={choice.value} value={choice.value} disabled={!choice.available}>
          {optionText(choice)}
        </option>
      ))}
    </PreferenceField>
  );
}

/** Props of {@link TemplateField}: `value` is a template id. */
export type TemplateFieldProps = FieldProps & { templates: readonly SummaryTemplateChoice[] };

/** The template select, with the chosen template's description and the headings it writes. */
export function TemplateField({ templates, ...field }: TemplateFieldProps) {
  const chosen = templates.find((t) => t.id === field.value);
  const descriptionId = `${field.id}-description`;
  return (
    <PreferenceField
      {...field}
      footer={
        chosen && (
          <div
            id={descriptionId}
            className="rounded-lg border bg-muted/40 px-3 py-2 text-xs text-muted-foreground"
          >
            <p className="text-foreground">{chosen.description}</p>
            <p className="mt-0.5">Sections: {templateSections(chosen.id)}</p>
          </div>
        )
      }
      footerId={descriptionId}
    >
      {!chosen && <option value={field.value}>{field.value}</option>}
      {templates.map((template) => (
        <option key={template.id} value={template.id}>
          {template.label}
        </option>
      ))}
    </PreferenceField>
  );
}

/** A warning line under a field. */
function Warning({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-xs text-amber-700 dark:text-amber-400">
      <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/**
 * The models this server cannot run and why, shown under the selects (not only in a tooltip or
 * the disabled options, which a person cannot hover on a phone); nothing when all can run.
 */
export function UnavailableModels({ models }: { models: readonly AiModelChoice[] }) {
  const missing = unavailableModels(models);
  if (missing.length === 0) return null;
  return (
    <div className="rounded-lg border border-dashed px-3 py-2 text-xs text-muted-foreground">
      <p className="font-medium text-foreground">Not available on this server</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {missing.map(({ label, reason }) => (
          <li key={label}>
            <span className="font-medium text-foreground">{label}</span>: {reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
