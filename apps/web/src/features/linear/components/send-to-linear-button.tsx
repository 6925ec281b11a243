import type { Todo } from '@summy/core';
import { ExternalLink, LoaderCircle, Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useLinearStatus } from '../api/get-linear-status';
import { useLinearTeams } from '../api/get-linear-teams';
import { useSendTodoToLinear } from '../api/send-todo-to-linear';
import { readLinearTeamId, saveLinearTeamId } from '../utils/linear-storage';

/** Props of {@link SendToLinearButton}. */
export interface SendToLinearButtonProps {
  /** The to-do (an action item is a to-do row) to send. */
  todoId: string;
  /** Its title, for the toast. */
  title: string;
  /** The linked issue's page once sent; the button then opens it instead. */
  linearIssueUrl?: string | null;
  /** The element naming the item, for the button's description (screen readers). */
  describedBy?: string;
  /** Called with the linked to-do after a send, so the caller can show the link. */
  onSent?: (todo: Todo) => void;
  className?: string;
}

/**
 * 'Send to Linear' on an action item: creates an issue with the item's title and a link back to its
 * meeting, assigned to the person, in the team chosen the first time (a menu of teams; remembered
 * after, changeable in Settings > Integrations); then the button opens the issue. Drawn only while
 * Linear is connected.
 */
export function SendToLinearButton({
  todoId,
  title,
  linearIssueUrl,
  describedBy,
  onSent,
  className,
}: SendToLinearButtonProps) {
  const status = useLinearStatus();
  const connected = status.data?.connected === true;
  const [sentUrl, setSentUrl] = useState<string | null>(null);
  const url = linearIssueUrl ?? sentUrl;

  if (!connected) return null;
  if (url) {
    return (
      <Button
        variant="ghost"
        size="sm"
        asChild
        className={cn('text-indigo-700 hover:text-indigo-800 dark:text-indigo-300', className)}
      >
        <a href={url} target="_blank" rel="noreferrer noopener" aria-describedby={describedBy}>
          <ExternalLink aria-hidden="true" />
          <span className="max-sm:sr-only">Open in Linear</span>
        </a>
      </Button>
    );
  }
  return (
    <SendControl
      todoId={todoId}
      title={title}
      describedBy={describedBy}
      className={className}
      onSent={(todo) => {
        setSentUrl(todo.linearIssueUrl);
        onSent?.(todo);
      }}
    />
  );
}

function SendControl({
  todoId,
  title,
  describedBy,
  className,
  onSent,
}: {
  todoId: string;
  title: string;
  describedBy?: string;
  className?: string;
  onSent: (todo: Todo) => void;
}) {
  const teams = useLinearTeams({ enabled: true });
  const send = useSendTodoToLinear();
  const remembered = readLinearTeamId();
  const team = teams.data?.find((each) => each.id === remembered) ?? null;

  const sendTo = (teamId: string) => {
    saveLinearTeamId(teamId);
    send.mutate(
      { todoId, teamId },
      {
        onSuccess: (todo) => {
          toast.success('Sent to Linear', { description: title || 'Untitled task' });
          onSent(todo);
        },
        onError: (error) =>
          toast.error('Error', { description: `Failed to send to Linear: ${error.message}` }),
      },
    );
  };

  const label = (
    <>
      {send.isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <Send aria-hidden="true" />
      )}
      <span className="max-sm:sr-only">Send to Linear</span>
    </>
  );
  const buttonClass = cn('text-muted-foreground hover:text-foreground', className);

  if (team) {
    return (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => sendTo(team.id)}
        disabled={send.isPending}
        aria-describedby={describedBy}
        title={`Create an issue in ${team.name}`}
        className={buttonClass}
      >
        {label}
      </Button>
    );
  }
  return (
    <TeamMenu
      teams={teams}
      disabled={send.isPending || teams.isError}
      describedBy={describedBy}
      className={buttonClass}
      onPick={sendTo}
    >
      {label}
    </TeamMenu>
  );
}

/** The first send: a menu of the person's teams to create the issue in. */
function TeamMenu({
  teams,
  disabled,
  describedBy,
  className,
  onPick,
  children,
}: {
  teams: ReturnType<typeof useLinearTeams>;
  disabled: boolean;
  describedBy?: string;
  className: string;
  onPick: (teamId: string) => void;
  /** The button's icon and label. */
  children: ReactNode;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          aria-describedby={describedBy}
          className={className}
        >
          {children}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Create the issue in</DropdownMenuLabel>
        {teams.isPending && (
          <DropdownMenuItem disabled>
            <LoaderCircle className="animate-spin" />
            Loading teams...
          </DropdownMenuItem>
        )}
        {teams.data?.length === 0 && <DropdownMenuItem disabled>No teams found</DropdownMenuItem>}
        {teams.data?.map((each) => (
          <DropdownMenuItem key={each.id} onSelect={() => onPick(each.id)}>
            <span className="min-w-0 flex-1 truncate">{each.name}</span>
            <span className="font-mono text-xs text-muted-foreground">{each.key}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
