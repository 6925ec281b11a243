import { LINEAR_MESSAGES } from '@summy/core';
import { Link2Off, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IntegrationCard } from '@/components/integration-card';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useDisconnectLinear } from '../api/disconnect-linear';
import { useLinearStatus } from '../api/get-linear-status';
import { useLinearTeams } from '../api/get-linear-teams';
import { useLinearConnect } from '../hooks/use-linear-connect';
import { readLinearTeamId, saveLinearTeamId } from '../utils/linear-storage';
import { LinearIcon } from './linear-icon';

/** The native select's look, matching the app's inputs. */
const selectClass = cn(
  'h-8 w-full min-w-0 cursor-pointer rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none sm:w-52 dark:bg-input/20',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
);

/**
 * The Linear block of Settings > Integrations: Connect Linear (the OAuth popup), and once connected
 * the Linear account, the team 'Send to Linear' uses, and Disconnect (confirmed first). On a server
 * without Linear settings it says so instead of offering a button that cannot work.
 */
export function LinearIntegrationSettings() {
  const status = useLinearStatus();
  const { connect, isConnecting } = useLinearConnect();
  const disconnect = useDisconnectLinear();
  const [confirming, setConfirming] = useState(false);
  const connected = status.data?.connected === true;
  const configured = status.data?.configured === true;

  const runDisconnect = () => {
    disconnect.mutate(undefined, {
      onSuccess: () => toast.success('Linear disconnected'),
      onError: (error) =>
        toast.error(LINEAR_MESSAGES.errorTitle, {
          description: `${LINEAR_MESSAGES.disconnectFailed}: ${error.message}`,
        }),
    });
  };

  let detail: string;
  if (status.isPending) detail = 'Checking the connection...';
  else if (status.isError) detail = 'Could not check the Linear connection.';
  else if (!configured) detail = LINEAR_MESSAGES.notSetUp;
  else if (connected && status.data?.viewer)
    detail = `Connected as ${status.data.viewer.name} (${status.data.viewer.email})`;
  else if (connected) detail = 'Connected';
  else
    detail =
      'See and complete your Linear issues beside your to-dos, and send action items to Linear.';

  return (
    <IntegrationCard
      icon={<LinearIcon className="size-5 text-indigo-600 dark:text-indigo-400" />}
      title="Linear"
      connected={connected}
      detail={detail}
      actions={
        configured &&
        (connected ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirming(true)}
            disabled={disconnect.isPending}
          >
            {disconnect.isPending ? <Loader2 className="animate-spin" /> : <Link2Off />}
            Disconnect
          </Button>
        ) : (
          <Button size="sm" onClick={() => void connect()} disabled={isConnecting}>
            {isConnecting && <Loader2 className="animate-spin" />}
            {isConnecting ? 'Connecting...' : LINEAR_MESSAGES.connect}
          </Button>
        ))
      }
    >
      {connected && <TeamChoice />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect Linear?"
        description="Summy forgets its access to your Linear account. Issues already in Linear stay there, and your to-dos stay here."
        confirmLabel="Disconnect"
        onConfirm={runDisconnect}
        destructive
      />
    </IntegrationCard>
  );
}

/** The team 'Send to Linear' creates issues in; 'Choose when sending' until one is chosen (the first send remembers its team). */
function TeamChoice() {
  const id = useId();
  const teams = useLinearTeams({ enabled: true });
  const [teamId, setTeamId] = useState(() => readLinearTeamId() ?? '');
  const known = teams.data?.some((team) => team.id === teamId) ?? false;

  return (
    <div className="flex flex-col gap-1.5 border-t pt-3 sm:flex-row sm:items-center sm:justify-between">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Team for action items sent to Linear
      </label>
      <select
        id={id}
        className={selectClass}
        value={known ? teamId : ''}
        disabled={!teams.data}
        onChange={(event) => {
          setTeamId(event.target.value);
          saveLinearTeamId(event.target.value || null);
        }}
      >
        <option value="">
          {teams.isPending
            ? 'Loading teams...'
            : teams.isError
              ? 'Teams unavailable'
              : 'Choose when sending'}
        </option>
        {teams.data?.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name} ({team.key})
          </option>
        ))}
      </select>
    </div>
  );
}
