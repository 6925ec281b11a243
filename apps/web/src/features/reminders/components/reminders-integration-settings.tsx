import { CALDAV_PRESETS, REMINDERS_LABELS, REMINDERS_MESSAGES } from '@summy/core';
import { Link2Off, ListChecks, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IntegrationCard } from '@/components/integration-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useDisconnectReminders } from '../api/disconnect-reminders';
import { useRemindersStatus } from '../api/get-reminders-status';
import { presetOf } from '../utils/caldav-server';
import { useRemindersDialogs } from './reminders-dialogs';

/**
 * The reminders block of Settings › Integrations (reminders app connect, Configuration and
 * disconnect). Disconnect forgets the stored credentials, clears the cached reminders and fires
 * 'reminders-disconnected'; its failure is 'Failed to disconnect Apple Reminders'.
 */
export function RemindersIntegrationSettings() {
  const status = useRemindersStatus();
  const dialogs = useRemindersDialogs();
  const disconnect = useDisconnectReminders();
  const [confirming, setConfirming] = useState(false);
  const connected = status.data?.connected === true;
  const serverUrl = status.data?.containerId ?? null;
  const preset = presetOf(serverUrl);

  let detail: string;
  if (status.isPending) detail = 'Checking the connection...';
  else if (status.isError) detail = REMINDERS_MESSAGES.loadFailed;
  else if (connected)
    detail = `${status.data?.username ?? ''} · ${preset === 'other' ? serverUrl : CALDAV_PRESETS[preset].label}`;
  else
    detail =
      'See and tick off reminder lists from iCloud, Nextcloud, Fastmail or any CalDAV server beside your to-dos.';

  const confirmDisconnect = () =>
    disconnect.mutate(undefined, {
      onError: (error) =>
        toast.error(REMINDERS_MESSAGES.disconnectFailed, { description: error.message }),
    });

  return (
    <IntegrationCard
      icon={
        <ListChecks className="size-5 text-orange-500 dark:text-orange-400" aria-hidden="true" />
      }
      title={REMINDERS_LABELS.section}
      connected={connected}
      // A server URL has no spaces to wrap at; prose wraps between words.
      detail={connected ? <span className="break-all">{detail}</span> : detail}
      actions={
        connected ? (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={dialogs.openConfigure}
              onPointerEnter={() => dialogs.preload('configure')}
            >
              <Settings2 aria-hidden="true" />
              Configuration
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setConfirming(true)}
              disabled={disconnect.isPending}
            >
              {disconnect.isPending ? (
                <Spinner className="text-current" aria-hidden="true" />
              ) : (
                <Link2Off aria-hidden="true" />
              )}
              Disconnect
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            onClick={dialogs.openConnect}
            onPointerEnter={() => dialogs.preload('connect')}
            disabled={status.isPending || status.isError}
          >
            Connect
          </Button>
        )
      }
    >
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect Apple Reminders?"
        description="Summy forgets your server, user name and password. Your reminders stay on the server."
        confirmLabel="Disconnect"
        destructive
        onConfirm={confirmDisconnect}
      />
      {dialogs.dialogs}
    </IntegrationCard>
  );
}
