import type { ModelStatus } from '@summy/core';
import { CircleCheck, Download, Pause, RotateCw, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  formatBytes,
  formatLanguages,
  MODEL_KIND_LABELS,
  modelErrorText,
  notesFigures,
  progressText,
} from '../utils/model-list';
import { DownloadProgress } from './download-progress';

/** Props of {@link ModelRow}. */
export interface ModelRowProps {
  model: ModelStatus;
  /**
   * The user administers the server: Download, Pause, Cancel and Remove are offered. Otherwise the
   * row only says whether the model is installed, and a failure by its title alone.
   */
  manage?: boolean;
  onDownload: (id: string) => void;
  /** Pauses the download; what arrived is kept and the next Download resumes it. */
  onPause: (id: string) => void;
  /** Cancels the download; what arrived is deleted. */
  onCancel: (id: string) => void;
  /** Asks to remove the model (the caller confirms first). */
  onRemove: (model: ModelStatus) => void;
  /** A request about this model is on its way: its buttons wait. */
  pending?: boolean;
}

/**
 * One model of Settings > Transcription: name, kind, size, languages and what it is good for; then
 * by state a Download (or Resume) button, the progress bar with Pause and Cancel, 'Installed' with
 * Remove, or the failure in words ('{error}: {details}') with a button to try again (a broken
 * download resumes where it stopped). For a user who is not an administrator: the state alone, no
 * buttons, and a failure's title without its details.
 */
export function ModelRow({
  model,
  manage = false,
  onDownload,
  onPause,
  onCancel,
  onRemove,
  pending = false,
}: ModelRowProps) {
  const titleId = useId();
  const detailsId = useId();
  return (
    <li
      aria-labelledby={titleId}
      aria-describedby={detailsId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-3 text-card-foreground sm:p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span id={titleId} className="text-sm font-medium">
              {model.name}
            </span>
            {model.default && (
              <span className="rounded-full bg-brand-soft px-2 py-0.5 text-[11px] font-medium text-brand-soft-foreground">
                Recommended
              </span>
            )}
          </div>
          <p id={detailsId} className="text-xs text-muted-foreground">
            {MODEL_KIND_LABELS[model.kind]} · {formatBytes(model.sizeBytes)} ·{' '}
            {formatLanguages(model.languages)}
            {notesFigures(model) && ` · ${notesFigures(model)}`}
          </p>
          <p className="text-xs text-balance text-muted-foreground">{model.goodFor}</p>
        </div>
        {manage ? (
          <ModelAction
            model={model}
            manage
            pending={pending}
            onDownload={onDownload}
            onPause={onPause}
            onCancel={onCancel}
            onRemove={onRemove}
          />
        ) : (
          <ModelState model={model} />
        )}
      </div>
      {model.state === 'downloading' && <DownloadProgress model={model} />}
      {model.state === 'absent' && model.receivedBytes > 0 && (
        <p className="text-xs text-muted-foreground tabular-nums">
          Paused at {progressText(model)}
        </p>
      )}
      {model.state === 'failed' && model.error && (
        <p role="alert" className="text-xs text-destructive">
          {manage ? modelErrorText(model.error) : `Download failed: ${model.error.error}`}
        </p>
      )}
    </li>
  );
}

function InstalledBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/12 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/20 dark:text-emerald-300">
      <CircleCheck className="size-3.5" aria-hidden="true" />
      Installed
    </span>
  );
}

// What a user who is not an administrator sees in place of the buttons.
function ModelState({ model }: { model: ModelStatus }) {
  if (model.state === 'installed') {
    return (
      <div className="flex shrink-0 items-center">
        <InstalledBadge />
      </div>
    );
  }
  return (
    <span className="shrink-0 self-start text-xs text-muted-foreground">
      {model.state === 'downloading' ? 'Downloading' : 'Not installed'}
    </span>
  );
}

function ModelAction({
  model,
  pending,
  onDownload,
  onPause,
  onCancel,
  onRemove,
}: Required<ModelRowProps>) {
  switch (model.state) {
    case 'installed':
      return (
        <div className="flex shrink-0 items-center gap-2">
          <InstalledBadge />
          <Button
            variant="ghost"
            size="sm"
            disabled={pending}
            aria-label={`Remove ${model.name}`}
            onClick={() => onRemove(model)}
          >
            <Trash2 />
            Remove
          </Button>
        </div>
      );
    case 'downloading':
      return (
        <div className="flex shrink-0 items-center gap-2 self-start">
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-label={`Pause download of ${model.name}`}
            onClick={() => onPause(model.id)}
          >
            <Pause />
            Pause
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-label={`Cancel download of ${model.name}`}
            onClick={() => onCancel(model.id)}
          >
            {pending ? <Spinner className="text-current" label="Stopping" /> : <X />}
            Cancel
          </Button>
        </div>
      );
    default: {
      const retry = model.state === 'failed';
      // A paused download: what arrived is kept, and Download resumes it.
      const resume = !retry && model.receivedBytes > 0;
      return (
        <Button
          variant={model.default && !retry ? 'default' : 'outline'}
          size="sm"
          className="shrink-0 self-start"
          disabled={pending}
          aria-label={`${retry ? 'Retry download of' : resume ? 'Resume download of' : 'Download'} ${model.name}`}
          onClick={() => onDownload(model.id)}
        >
          {pending ? (
            <Spinner className="text-current" label="Starting" />
          ) : retry ? (
            <RotateCw />
          ) : (
            <Download />
          )}
          {retry ? 'Retry' : resume ? 'Resume' : 'Download'}
        </Button>
      );
    }
  }
}
