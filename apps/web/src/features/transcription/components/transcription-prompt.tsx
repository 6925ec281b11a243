import { AudioLines, CircleCheck, Download, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { authClient } from '@/lib/auth-client';
import { cn } from '@/lib/utils';
import { useCancelModelDownload } from '../api/cancel-model-download';
import { useDownloadModels } from '../api/download-model';
import { useModels } from '../api/get-models';
import { defaultDownloads, formatBytes, modelErrorText } from '../utils/model-list';
import { dismissTranscriptionPrompt, usePromptDismissed } from '../utils/prompt-dismissal';
import { DownloadProgress } from './download-progress';

/**
 * The first-run prompt (issue 12 point 3): while only the PocketSphinx fallback can transcribe,
 * it says plainly that transcripts will be rough and offers the download of the default
 * recognizer and speaker-embedding model (progress and Cancel in place), or points to the cloud
 * and Whisper-server settings. Shown to administrators (who alone may download) until they dismiss
 * it (once per person on this browser) or a better engine is set up; after a download it started,
 * it confirms the install.
 */
export function TranscriptionPrompt({ className }: { className?: string }) {
  const models = useModels();
  const { data: session } = authClient.useSession();
  const dismissed = usePromptDismissed(session?.user.id);
  const download = useDownloadModels();
  const cancel = useCancelModelDownload();
  const [started, setStarted] = useState(false);
  const [closed, setClosed] = useState(false);
  const titleId = useId();

  const list = models.data;
  // Only an administrator can download the server's models: nothing to offer anyone else.
  if (!list || closed || session?.user.role !== 'admin') return null;
  const offers = defaultDownloads(list);

  if (!list.transcription.fallbackOnly) {
    if (!started) return null;
    return (
      <PromptFrame titleId={titleId} className={className} onDismiss={() => setClosed(true)}>
        <CircleCheck
          className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
          aria-hidden="true"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-sm font-semibold">
            Local speech model installed
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            New meetings are transcribed with it on this server.
          </p>
        </div>
      </PromptFrame>
    );
  }
  if (dismissed && !started) return null;

  const running = offers.filter((m) => m.state === 'downloading');
  const failures = offers.filter((m) => m.state === 'failed' && m.error);
  const total = offers.reduce((sum, m) => sum + m.sizeBytes, 0);
  const dismiss = () => {
    if (session?.user.id) dismissTranscriptionPrompt(session.user.id);
    setClosed(true);
  };

  return (
    <PromptFrame titleId={titleId} className={className} onDismiss={dismiss}>
      <AudioLines
        className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400"
        aria-hidden="true"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-col gap-1 pr-6">
          <h2 id={titleId} className="text-sm font-semibold">
            Transcripts will be rough for now
          </h2>
          <p className="text-sm text-muted-foreground">
            This server only has its built-in recognizer, which gets many words and speakers wrong.{' '}
            {offers.length > 0 &&
              `Download the local speech model (${formatBytes(total)}) once: it runs on this server, with no cloud account.`}
          </p>
        </div>
        {running.map((model) => (
          <DownloadProgress key={model.id} model={model} named />
        ))}
        {failures.map((model) => (
          <p key={model.id} role="alert" className="text-xs text-destructive">
            {model.name}: {modelErrorText(model.error!)}
          </p>
        ))}
        {download.error && (
          <p role="alert" className="text-xs text-destructive">
            {download.error.message}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {running.length > 0 ? (
            <Button
              variant="outline"
              size="sm"
              disabled={cancel.isPending}
              onClick={() => running.forEach((m) => cancel.mutate(m.id))}
            >
              <X />
              Cancel download
            </Button>
          ) : (
            offers.length > 0 && (
              <Button
                size="sm"
                disabled={download.isPending}
                onClick={() => {
                  setStarted(true);
                  download.mutate(offers.map((m) => m.id));
                }}
              >
                {download.isPending ? (
                  <Spinner className="text-current" label="Starting download" />
                ) : (
                  <Download />
                )}
                {failures.length > 0 ? 'Try again' : `Download (${formatBytes(total)})`}
              </Button>
            )
          )}
          <Button variant="ghost" size="sm" onClick={dismiss}>
            Not now
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Or let Deepgram, OpenAI or a Whisper server of your own transcribe: set{' '}
          <code className="rounded bg-muted px-1 py-0.5 text-[11px]">DEEPGRAM_API_KEY</code>,{' '}
          <code className="rounded bg-muted px-1 py-0.5 text-[11px]">OPENAI_API_KEY</code> or{' '}
          <code className="rounded bg-muted px-1 py-0.5 text-[11px]">OPENAI_BASE_URL</code> on the
          server (self-hosting guide, &lsquo;Speech-to-text&rsquo;).
        </p>
      </div>
    </PromptFrame>
  );
}

function PromptFrame({
  titleId,
  className,
  onDismiss,
  children,
}: {
  titleId: string;
  className?: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'relative flex w-full gap-3 rounded-xl border bg-card p-4 text-left text-card-foreground shadow-xs',
        className,
      )}
    >
      {children}
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute top-2 right-2 text-muted-foreground"
        aria-label="Dismiss"
        onClick={onDismiss}
      >
        <X />
      </Button>
    </section>
  );
}
