import { RotateCcw, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useOnlineStatus } from '@/hooks/use-online-status';

/**
 * The offline state of the signed-in layout ("shows a clear offline state"): a bar above the screen
 * while the browser has no network, saying what still works. Recording does: every chunk is kept in
 * IndexedDB and sent once the connection is back (features/recorder/utils/chunk-sender.ts). Renders
 * nothing while online.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex shrink-0 items-start gap-2.5 border-b border-amber-300/60 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-200"
    >
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-medium">You're offline.</span> Summy shows what it has already loaded.
        A recording keeps going, and its audio uploads when you're back online.
      </p>
    </div>
  );
}

/** Props of {@link OfflineScreen}. */
export interface OfflineScreenProps {
  /** Tries again (re-reads the session); the screen shows a spinner on the button meanwhile. */
  onRetry: () => Promise<void>;
}

/**
 * The whole-page offline state, for when the app shell came from the service worker but the
 * server cannot be asked who is signed in: without a network (`navigator.onLine` false) 'You're
 * offline', with one 'Summy can't be reached' (server down). Better Auth asks again by itself when
 * the connection returns (its online manager), so the screen also clears without the button.
 */
export function OfflineScreen({ onRetry }: OfflineScreenProps) {
  const online = useOnlineStatus();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void onRetry().finally(() => setRetrying(false));
  };
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <Logo className="size-10" />
      <div className="flex size-11 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
        <WifiOff className="size-5" aria-hidden="true" />
      </div>
      <h1 className="text-xl font-semibold tracking-tight">
        {online ? "Summy can't be reached" : "You're offline"}
      </h1>
      <p className="max-w-sm text-sm text-balance text-muted-foreground">
        {online
          ? 'The server did not answer, so Summy cannot check your sign-in. Try again in a moment.'
          : 'Summy needs a connection to check your sign-in and load your meetings. Connect to the internet and try again.'}
      </p>
      <Button onClick={retry} disabled={retrying}>
        <RotateCcw className={retrying ? 'animate-spin' : undefined} />
        Try again
      </Button>
    </main>
  );
}
