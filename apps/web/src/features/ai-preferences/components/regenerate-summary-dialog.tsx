/**
 * 'Regenerate summary' on a meeting: a button in the summary area opening a dialog with the
 * template and the model, both starting at the person's preferences. The server keeps the previous
 * summary until the new one is saved; 'Regenerating summary...' shows above it meanwhile (the app
 * layer composes this into the meetings feature's view). The run's end is announced by the server's
 * notice ('Summary regenerated' or 'Summary generation failed'), a toast like the pipeline's.
 */
import {
  isSummaryTemplateId,
  type AiModelChoice,
  type Meeting,
  type RegenerateSummaryInput,
  type SummaryTemplateChoice,
} from '@summy/core';
import { CircleAlert, LoaderCircle, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAiPreferences, useAiSettings } from '../api/get-ai-settings';
import { useRegenerateSummary } from '../api/regenerate-summary';
import {
  LOCAL_TEMPLATES,
  notesEngineLine,
  placeholderModels,
  summaryByline,
  usableModel,
} from '../utils/choices';
import { ModelField, TemplateField, UnavailableModels } from './preference-fields';

/** Props of {@link RegenerateSummaryForm}. */
export interface RegenerateSummaryFormProps {
  templates: readonly SummaryTemplateChoice[];
  models: readonly AiModelChoice[];
  /** Where the selects start: the person's preferences. */
  defaultTemplate: string;
  defaultModel: string;
  /** The choices are still loading: selects and Regenerate disabled. */
  loading?: boolean;
  /** The request is on its way. */
  pending?: boolean;
  onSubmit: (input: RegenerateSummaryInput) => void;
  onCancel: () => void;
}

/**
 * The dialog's body: template and model, Cancel and Regenerate. A model this server cannot run
 * never starts selected (the preference falls back to Auto), and cannot be picked.
 */
export function RegenerateSummaryForm({
  templates,
  models,
  defaultTemplate,
  defaultModel,
  loading,
  pending,
  onSubmit,
  onCancel,
}: RegenerateSummaryFormProps) {
  const id = useId();
  // Null until the person picks: the preferences may still arrive after the dialog opened.
  const [template, setTemplate] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const chosenTemplate = template ?? defaultTemplate;
  const chosenModel = model ?? usableModel(models, defaultModel);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading || pending || !isSummaryTemplateId(chosenTemplate)) return;
    onSubmit({ template: chosenTemplate, model: chosenModel });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TemplateField
        id={`${id}-template`}
        label="Template"
        value={chosenTemplate}
        templates={templates}
        disabled={loading || pending}
        onChange={setTemplate}
      />
      <ModelField
        id={`${id}-model`}
        label="Model"
        value={chosenModel}
        models={models}
        disabled={loading || pending}
        onChange={setModel}
      />
      {!loading && <UnavailableModels models={models} />}
      <DialogFooter className="mt-1">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={loading || pending}>
          {pending ? <Spinner className="text-current" label="Starting" /> : <RefreshCw />}
          Regenerate
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Props of {@link RegenerateSummaryBody}. */
interface RegenerateSummaryBodyProps {
  meetingId: string;
  /** Closes the dialog. */
  onClose: () => void;
  /** Receives the meeting as the server answered (regenerating), for the meeting's cache. */
  onStarted?: (meeting: Meeting) => void;
}

/**
 * The open dialog's content with its data (mounted only while open, so a meeting page that never
 * opens it asks the server nothing); closes once the server accepted the run.
 */
function RegenerateSummaryBody({ meetingId, onClose, onStarted }: RegenerateSummaryBodyProps) {
  const settings = useAiSettings();
  const preferences = useAiPreferences();
  const regenerate = useRegenerateSummary(meetingId, (meeting) => {
    onClose();
    onStarted?.(meeting);
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Regenerate summary</DialogTitle>
        <DialogDescription>
          Summy writes this meeting&apos;s summary again from its transcript. The current summary
          stays until the new one is ready; action items are kept.
        </DialogDescription>
      </DialogHeader>
      <RegenerateSummaryForm
        templates={settings.data?.templates ?? LOCAL_TEMPLATES}
        models={settings.data?.models ?? placeholderModels(preferences)}
        defaultTemplate={preferences.summaryTemplate}
        defaultModel={preferences.summaryModel}
        loading={!settings.data}
        pending={regenerate.isPending}
        onSubmit={(input) => regenerate.mutate(input)}
        onCancel={onClose}
      />
    </>
  );
}

/**
 * The line after 'The summary could not be regenerated.': the server's cause without its own
 * 'Summary generation failed: ' lead (the bold words say it), as a sentence, and that the summary
 * shown is the earlier one.
 */
export function failureDetails(summaryError: string, hasSummary: boolean): string {
  const cause = summaryError.replace(/^Summary generation failed:\s*/i, '').trim();
  const sentence = cause && !/[.!?]$/.test(cause) ? `${cause}.` : cause;
  return [sentence, hasSummary ? 'This is the earlier summary.' : ''].filter(Boolean).join(' ');
}

/** Props of {@link RegenerateSummary}. */
export interface RegenerateSummaryProps {
  meeting: Pick<
    Meeting,
    | 'id'
    | 'summary'
    | 'transcript'
    | 'isProcessing'
    | 'isRecording'
    | 'summaryRegenerating'
    | 'summaryModel'
    | 'summaryTemplate'
    | 'summaryError'
    | 'notesEngine'
  >;
  onStarted?: (meeting: Meeting) => void;
}

/**
 * The rows above a meeting's summary: which engine wrote the notes and in which template ('Notes
 * by GPT-5 mini, Stand-up template'; 'Notes written offline from the transcript (no language
 * model)'), or for a meeting that does not record its engine the model label ('Written by GPT-5
 * mini'), with the 'Regenerate summary' button and its dialog; then, while a
 * regeneration runs, 'Regenerating summary...' (the current summary stays below); or, after a
 * failed one, why it failed. The button is offered only on a meeting with a transcript (the server
 * would answer 409), disabled while a regeneration runs. Nothing while the meeting records or is
 * processed.
 */
export default function RegenerateSummary({ meeting, onStarted }: RegenerateSummaryProps) {
  const [open, setOpen] = useState(false);
  if (meeting.isProcessing || meeting.isRecording) return null;
  const hasSummary = Boolean(meeting.summary?.trim());
  const byline = notesByline(meeting, hasSummary);
  const offered = Boolean(meeting.transcript?.trim());
  const running = meeting.summaryRegenerating;
  return (
    <>
      {(byline || offered) && (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-xs text-muted-foreground">{byline}</p>
          {offered && (
            <Dialog open={open} onOpenChange={setOpen}>
              <DialogTrigger asChild>
                <Button variant="outline" size="sm" disabled={running}>
                  <RefreshCw />
                  Regenerate summary
                </Button>
              </DialogTrigger>
              <DialogContent className="max-w-md">
                <RegenerateSummaryBody
                  meetingId={meeting.id}
                  onClose={() => setOpen(false)}
                  onStarted={onStarted}
                />
              </DialogContent>
            </Dialog>
          )}
        </div>
      )}
      {running && (
        <div
          role="status"
          aria-live="polite"
          className="flex items-start gap-2.5 rounded-lg border border-brand/20 bg-brand-soft px-3 py-2.5 text-sm text-brand-soft-foreground"
        >
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
          <p>
            <span className="font-medium">Regenerating summary...</span>{' '}
            <span className="text-brand-soft-foreground/80">
              {hasSummary
                ? 'The current summary stays until the new one is ready.'
                : 'It will appear here when it is ready.'}
            </span>
          </p>
        </div>
      )}
      {!running && meeting.summaryError && (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <p>
            <span className="font-medium">The summary could not be regenerated.</span>{' '}
            <span className="text-muted-foreground">
              {failureDetails(meeting.summaryError, hasSummary)}
            </span>
          </p>
        </div>
      )}
    </>
  );
}

/**
 * The line saying who wrote the notes: the engine the meeting records (with the template when it
 * has a summary), else the older 'Written by' label of the summary's model; null when neither.
 */
function notesByline(meeting: RegenerateSummaryProps['meeting'], hasSummary: boolean) {
  const engine = notesEngineLine(meeting.notesEngine);
  if (engine) {
    const template = hasSummary ? summaryByline(null, meeting.summaryTemplate) : null;
    return template ? `${engine}, ${template}` : engine;
  }
  const byline = hasSummary ? summaryByline(meeting.summaryModel, meeting.summaryTemplate) : null;
  return byline && `Written by ${byline}`;
}
