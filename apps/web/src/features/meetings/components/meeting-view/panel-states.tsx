/**
 * What a panel of the meeting view shows when it has no content: a spinner with the live step
 * while generation is in progress, or the mode's empty message once it is not (a spinner replaces
 * the empty text while something is still being made).
 */
import type { ProgressLabel } from '@summy/core';
import { LoaderCircle, type LucideIcon } from 'lucide-react';

/** What a busy meeting is doing: still recording, or a step of its pipeline. */
export type BusyLabel = ProgressLabel | 'Recording';

/**
 * The label of a busy meeting's empty panels: 'Recording' before Stop (their content comes after
 * the recording, not from a step running now), else the pipeline's step.
 */
export function busyLabelOf(
  meeting: { isRecording: boolean; isProcessing: boolean },
  progress: ProgressLabel | null,
): BusyLabel | null {
  return meeting.isRecording && !meeting.isProcessing ? 'Recording' : progress;
}

/** Props of {@link GeneratingState}. */
export interface GeneratingStateProps {
  /** The pipeline's current step, or 'Recording' before Stop; 'Processing' when unknown. */
  label: BusyLabel | null;
  /** What is being waited for, e.g. 'The summary'. */
  subject: string;
}

/** A spinner with the live progress label, announced politely to screen readers. */
export function GeneratingState({ label, subject }: GeneratingStateProps) {
  const step = label ?? 'Processing';
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <div className="relative flex size-12 items-center justify-center rounded-full bg-brand-soft">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand" />
      </div>
      <p className="text-sm font-medium">{step}...</p>
      <p className="max-w-xs text-sm text-balance text-muted-foreground">
        {step === 'Recording'
          ? `${subject} will appear here after the recording stops.`
          : `${subject} will appear here when it is ready.`}
      </p>
    </div>
  );
}

/** Props of {@link PanelEmpty}. */
export interface PanelEmptyProps {
  icon: LucideIcon;
  /** The mode's empty message, e.g. 'No summary available'. */
  title: string;
  description?: string;
}

/** The empty message of a panel. */
export function PanelEmpty({ icon: Icon, title, description }: PanelEmptyProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 py-16 text-center">
      <div className="mb-1 flex size-11 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <p className="text-sm font-medium">{title}</p>
      {description && (
        <p className="max-w-xs text-sm text-balance text-muted-foreground">{description}</p>
      )}
    </div>
  );
}
