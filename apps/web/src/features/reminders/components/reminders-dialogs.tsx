/**
 * The two reminders dialogs, shared by the /todos section and the Settings block: loaded on first
 * opening (their code is in no screen's first download; bench/web), and chained as the toast says:
 * 'Connected! Now select which reminder lists to sync' leads straight into 'Configure Apple
 * Reminders'.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithPreload } from '@/lib/lazy-with-preload';

const ConnectRemindersDialog = lazyWithPreload(() =>
  import('./connect-reminders-dialog').then((m) => m.ConnectRemindersDialog),
);
const ConfigureRemindersDialog = lazyWithPreload(() =>
  import('./configure-reminders-dialog').then((m) => m.ConfigureRemindersDialog),
);

/** Which reminders dialog is open. */
export type RemindersDialog = 'connect' | 'configure' | null;

/** What {@link useRemindersDialogs} gives its caller. */
export interface RemindersDialogs {
  /** Opens 'Connect Apple Reminders'. */
  openConnect: () => void;
  /** Opens 'Configure Apple Reminders'. */
  openConfigure: () => void;
  /** Closes whichever is open (a disconnect elsewhere). */
  close: () => void;
  /** Starts loading a dialog's code, e.g. when the pointer nears its button. */
  preload: (dialog: Exclude<RemindersDialog, null>) => void;
  /** The dialogs themselves, to render anywhere in the caller's tree. */
  dialogs: ReactNode;
}

/** State and elements of the connect and configure dialogs. */
export function useRemindersDialogs(): RemindersDialogs {
  const [open, setOpen] = useState<RemindersDialog>(null);
  // Each is mounted from its first opening on, so its closing animation still plays.
  const [usedConnect, setUsedConnect] = useState(false);
  const [usedConfigure, setUsedConfigure] = useState(false);
  if (open === 'connect' && !usedConnect) setUsedConnect(true);
  if (open === 'configure' && !usedConfigure) setUsedConfigure(true);

  const onOpenChange = (dialog: Exclude<RemindersDialog, null>) => (next: boolean) =>
    setOpen((current) => (next ? dialog : current === dialog ? null : current));

  return {
    openConnect: () => setOpen('connect'),
    openConfigure: () => setOpen('configure'),
    close: () => setOpen(null),
    preload: (dialog) =>
      void (dialog === 'connect' ? ConnectRemindersDialog : ConfigureRemindersDialog).preload(),
    dialogs: (
      <Suspense>
        {usedConnect && (
          <ConnectRemindersDialog
            open={open === 'connect'}
            onOpenChange={onOpenChange('connect')}
            onConnected={() => setOpen('configure')}
          />
        )}
        {usedConfigure && (
          <ConfigureRemindersDialog
            open={open === 'configure'}
            onOpenChange={onOpenChange('configure')}
          />
        )}
      </Suspense>
    ),
  };
}
