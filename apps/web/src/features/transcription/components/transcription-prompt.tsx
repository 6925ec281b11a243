import { AudioLines, CircleCheck, Download, X } from 'lucide-react';
import type { ModelStatus } from '@summy/core';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { authClient } from '@/lib/auth-client';
import { openSettings } from '@/lib/open-settings';
import { cn } from '@/lib/utils';
import { useCancelModelDownload } from '../api/cancel-model-download';
import { useDownloadModels } from '../api/download-model';
import { useModels } from '../api/get-models';
import {
  defaultDownloads,
  formatBytes,
  notesDownloads,
  promptDownloadLabel,
} from '../utils/model-list';
import { useDismissNotice, useNoticeDismissed } from '../api/notices';
import { DownloadProgress } from './download-progress';

/** Props of {@link TranscriptionPrompt}. */
export interface TranscriptionPromptProps {
  /**
   * Where it shows: under the recorder (new meetings will be rough) or on a meeting the fallback
   * transcribed (this transcript is rough).
   */
  subject: 'recorder' | 'meeting';
  className?: string;
}

/**
 * The first-run prompt as one slim notice: while only the PocketSphinx fallback can transcribe,
 * it says transcripts will be rough and offers one step, 'Download speech and notes models (about
 * N GB)': the default recognizer and speaker-embedding model, and the default notes and
 * text-embedding models, N summed from the catalog (progress bars and Cancel in place). It says
 * what notes are without a notes model (extractive). 'Other options' offers each half alone and
 * names the cloud and Whisper-server settings. Shown to administrators, who alone may download; dismissed for good per
 * person, on the server (docs/decisions/020-retranscription-and-first-run-prompt.md); hidden once
 * a better engine is set up, except to confirm an install it started. A failed download says so
 * in a plain line with the way to Settings, where the model's row gives the error in full: the
 * error names server settings and hosts, which belong on the one screen that manages them, not
 * under the recorder of every page.
 */
export function TranscriptionPrompt({ subject, className }: TranscriptionPromptProps) {
  const models = useModels();
  const { data: session } = authClient.useSession();
  const dismissed = useNoticeDismissed('rough-transcription');
  const { download, cancel, started, closed, start, close, dismiss } = usePromptActions();
  const [showOptions, setShowOptions] = useState(false);
  const titleId = useId();
  const optionsId = useId();

  const list = models.data;
  // Only an administrator can download the server's models: nothing to offer anyone else.
  if (!list || closed || dismissed === undefined || session?.user.role !== 'admin') return null;
  const speech = defaultDownloads(list);
  const notes = notesDownloads(list);
  const offers = [...speech, ...notes];
  const running = offers.filter((m) => m.state === 'downloading');
  const failed = offers.some((m) => m.state === 'failed');
  const bars = running.map((model) => <DownloadProgress key={model.id} model={model} named />);
  if (!list.transcription.fallbackOnly) {
    if (!started) return null;
    // The speech models are in; the notes models may still be on their way.
    return <InstalledNotice titleId={titleId} className={className} below={bars} onClose={close} />;
  }
  if (dismissed && !started) return null;

  return (
    <NoticeFrame
      titleId={titleId}
      className={className}
      below={
        <>
          {bars}
          {(failed || download.error) && <DownloadFailed />}
          {showOptions && (
            <OtherOptions
              id={optionsId}
              halves={running.length === 0 && speech.length > 0 && notes.length > 0}
              speech={speech}
              notes={notes}
              starting={download.isPending}
              onStart={start}
            />
          )}
        </>
      }
    >
      <RoughSummary
        titleId={titleId}
        subject={subject}
        hasNotesOffer={notes.length > 0}
        optionsId={optionsId}
        showOptions={showOptions}
        onToggleOptions={() => setShowOptions((v) => !v)}
      />
      <PromptActions
        downloading={running.length > 0}
        cancelling={cancel.isPending}
        onCancel={() => running.forEach((m) => cancel.mutate(m.id))}
        download={
          offers.length > 0 && (
            <DownloadButton
              label={failed ? 'Try again' : promptDownloadLabel(speech, notes)}
              starting={download.isPending}
              onClick={() => start(offers)}
            />
          )
        }
        onDismiss={dismiss}
      />
    </NoticeFrame>
  );
}

/** The prompt's mutations and what the person did with it: started a download, closed it. */
function usePromptActions() {
  const dismissNotice = useDismissNotice();
  const download = useDownloadModels();
  const cancel = useCancelModelDownload();
  const [started, setStarted] = useState(false);
  const [closed, setClosed] = useState(false);
  const start = (models: ModelStatus[]) => {
    setStarted(true);
    download.mutate(models.map((m) => m.id));
  };
  const close = () => setClosed(true);
  const dismiss = () => {
    dismissNotice.mutate('rough-transcription');
    setClosed(true);
  };
  return { download, cancel, started, closed, start, close, dismiss };
}

/** The notice once a better engine runs after a download this prompt started; `below`: bars. */
function InstalledNotice({
  titleId,
  className,
  below,
  onClose,
}: {
  titleId: string;
  className?: string;
  below: ReactNode;
  onClose: () => void;
}) {
  return (
    <NoticeFrame titleId={titleId} className={className} below={below}>
      <CircleCheck
        className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
        aria-hidden="true"
      />
      <p className="min-w-0 flex-[1_1_15rem] text-sm" aria-live="polite">
        <strong id={titleId} className="font-medium">
          Local speech model installed
        </strong>{' '}
        <span className="text-muted-foreground">
          New meetings are transcribed with it on this server.
        </span>
      </p>
      <Button variant="ghost" size="sm" onClick={onClose}>
        Close
      </Button>
    </NoticeFrame>
  );
}

/** The rough-transcript line: what made it, what notes are without a model, 'Other options'. */
function RoughSummary({
  titleId,
  subject,
  hasNotesOffer,
  optionsId,
  showOptions,
  onToggleOptions,
}: {
  titleId: string;
  subject: TranscriptionPromptProps['subject'];
  hasNotesOffer: boolean;
  optionsId: string;
  showOptions: boolean;
  onToggleOptions: () => void;
}) {
  return (
    <>
      <AudioLines
        className="size-4 shrink-0 text-amber-600 dark:text-amber-400"
        aria-hidden="true"
      />
      <p className="min-w-0 flex-[1_1_15rem] text-sm">
        <strong id={titleId} className="font-medium">
          Transcripts will be rough for now
        </strong>
        .{' '}
        <span className="text-muted-foreground">
          {subject === 'meeting'
            ? 'The built-in recognizer made this one.'
            : 'Only the built-in recognizer is set up.'}
          {hasNotesOffer &&
            ' Without a notes model, notes are extractive: sentences picked from the transcript.'}
        </span>{' '}
        <button
          type="button"
          aria-expanded={showOptions}
          aria-controls={showOptions ? optionsId : undefined}
          onClick={onToggleOptions}
          className="cursor-pointer rounded-sm text-sm font-medium text-brand-soft-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Other options
        </button>
      </p>
    </>
  );
}

/** The row's buttons: Cancel while a download runs, else `download` (if any); then 'Not now'. */
function PromptActions({
  downloading,
  cancelling,
  onCancel,
  download,
  onDismiss,
}: {
  downloading: boolean;
  cancelling: boolean;
  onCancel: () => void;
  download: ReactNode;
  onDismiss: () => void;
}) {
  return (
    <div className="ml-auto flex max-w-full min-w-0 flex-wrap items-center justify-end gap-1">
      {downloading ? (
        <Button variant="outline" size="sm" disabled={cancelling} onClick={onCancel}>
          <X />
          Cancel download
        </Button>
      ) : (
        download
      )}
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Not now
      </Button>
    </div>
  );
}

/** The one-step download; its long label wraps inside the button on a phone. */
function DownloadButton({
  label,
  starting,
  onClick,
}: {
  label: string;
  starting: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="sm"
      // The label is long: on a phone it wraps inside the button rather than overflowing.
      className="h-auto min-h-8 shrink py-1.5 text-left whitespace-normal"
      title="The local models run on this server, with no cloud account"
      disabled={starting}
      onClick={onClick}
    >
      {starting ? <Spinner className="text-current" label="Starting download" /> : <Download />}
      {label}
    </Button>
  );
}

/**
 * 'Other options': each half of the download alone (when `halves`: both are offered and nothing
 * runs), and the settings that name a cloud or Whisper-server engine.
 */
function OtherOptions({
  id,
  halves,
  speech,
  notes,
  starting,
  onStart,
}: {
  id: string;
  halves: boolean;
  speech: ModelStatus[];
  notes: ModelStatus[];
  starting: boolean;
  onStart: (models: ModelStatus[]) => void;
}) {
  return (
    <div id={id} className="flex flex-col gap-1.5 text-xs text-muted-foreground">
      {halves && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          Or only one of them:
          {(
            [
              ['Speech models', speech],
              ['Notes models', notes],
            ] as const
          ).map(([label, models]) => (
            <Button
              key={label}
              variant="outline"
              size="sm"
              disabled={starting}
              onClick={() => onStart(models)}
            >
              {label} ({formatBytes(sum(models))})
            </Button>
          ))}
        </p>
      )}
      <p>
        Let Deepgram, OpenAI or a Whisper server of your own transcribe: set{' '}
        <code className="rounded bg-muted px-1 py-0.5 text-[11px]">DEEPGRAM_API_KEY</code>,{' '}
        <code className="rounded bg-muted px-1 py-0.5 text-[11px]">OPENAI_API_KEY</code> or{' '}
        <code className="rounded bg-muted px-1 py-0.5 text-[11px]">OPENAI_BASE_URL</code> on the
        server (self-hosting guide, &lsquo;Speech-to-text&rsquo;).
      </p>
    </div>
  );
}

/** The failure, in plain words, and the way to its details in Settings › General › Transcription. */
function DownloadFailed() {
  return (
    <p role="alert" className="flex flex-wrap items-center gap-x-2 text-xs text-destructive">
      The download did not finish. Settings shows why.
      <button
        type="button"
        onClick={() => openSettings('general')}
        className="cursor-pointer rounded-sm font-medium text-brand-soft-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        Open Settings
      </button>
    </p>
  );
}

/** Bytes of the models' downloads together. */
function sum(models: readonly { sizeBytes: number }[]): number {
  return models.reduce((total, m) => total + m.sizeBytes, 0);
}

/** The slim frame: one row (wrapping on a phone), with anything `below` it under the row. */
function NoticeFrame({
  titleId,
  className,
  below,
  children,
}: {
  titleId: string;
  className?: string;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex w-full flex-col gap-2 rounded-lg border bg-card px-3 py-2 text-left text-card-foreground',
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">{children}</div>
      {below}
    </section>
  );
}
