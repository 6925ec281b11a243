import { AlertDialog } from 'radix-ui';
import { HardDriveDownload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { RecoverableRecording } from '../hooks/use-recording-recovery';
import { formatElapsed } from '../utils/format-elapsed';

/** Props of {@link RecoveryDialog}. */
export interface RecoveryDialogProps {
  offer: RecoverableRecording | null;
  busy: boolean;
  onRecover: () => void;
  onDiscard: () => void;
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Offers to recover a recording a closed or crashed tab left unfinished. An alert dialog: it needs
 * an answer, and Escape is the same as deciding later (the offer comes back on the next visit).
 * 'Recover recording' is focused, so Enter recovers.
 */
export function RecoveryDialog({ offer, busy, onRecover, onDiscard }: RecoveryDialogProps) {
  const open = offer !== null;
  const started = offer ? new Date(offer.meta.startedAt) : null;
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 rounded-xl border bg-background p-6 shadow-lg data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement)
              .querySelector<HTMLButtonElement>('[data-confirm]')
              ?.focus();
          }}
        >
          <div className="flex gap-4">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
              <HardDriveDownload className="size-5" aria-hidden="true" />
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <AlertDialog.Title className="text-lg font-semibold">
                Unfinished recording found
              </AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-muted-foreground">
                A recording was interrupted before it was saved. Recover it to finish the meeting,
                or discard the copy kept in this browser.
              </AlertDialog.Description>
            </div>
          </div>
          {offer && started && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
              <dt className="text-muted-foreground">Meeting</dt>
              <dd className="truncate font-medium">{offer.meta.title}</dd>
              <dt className="text-muted-foreground">Started</dt>
              <dd>
                {started.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
              </dd>
              <dt className="text-muted-foreground">Recorded</dt>
              <dd className="tabular-nums">
                {formatElapsed(offer.meta.durationMs)} ({formatSize(offer.bytes)})
              </dd>
            </dl>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={busy} onClick={onDiscard}>
              Discard
            </Button>
            <Button data-confirm="" disabled={busy} onClick={onRecover}>
              {busy && <Spinner className="text-current" label="Recovering" />}
              Recover recording
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
