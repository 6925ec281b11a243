import {
  LINEAR_MESSAGES,
  linearSyncedMessage,
  type LinearIssue,
  type LinearState,
} from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { AllDoneState, LoadFailedState } from '@/components/integration-section-states';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIntegrationPolling } from '@/hooks/use-integration-polling';
import { openSettings } from '@/lib/open-settings';
import { toast } from '@/lib/toast';
import { linearIssuesQueryKey, useLinearIssues } from '../api/get-linear-issues';
import { linearStatusQueryKey, useLinearStatus } from '../api/get-linear-status';
import { useLinearWorkflowStates } from '../api/get-linear-workflow-states';
import { isLinearRateLimited } from '../api/run-linear-operation';
import { useSyncLinear } from '../api/sync-linear';
import { useLinearIssueActions, type LinearIssueEdit } from '../hooks/use-linear-issue-actions';
import { formatLastUpdated } from '../utils/linear-format';
import { LinearIcon } from './linear-icon';
import { LinearIssueEditForm } from './linear-issue-edit-form';
import { LinearIssueRow } from './linear-issue-row';

/**
 * The 'Linear Issues' section of /todos. Nothing when the server has no Linear settings. Not
 * connected: the 'Connect Linear' prompt, whose button opens Settings on the Integrations tab (the
 * 'openSettings' event). Connected: the last-updated time, Sync ('Syncing...'), the open issues
 * assigned to the person or 'No issues assigned to you in Linear', complete and reopen, and the
 * inline edit form. The issues are cached 5 minutes and refreshed every 30 s while the person is
 * active.
 */
export function LinearIssuesSection() {
  const headingId = useId();
  const status = useLinearStatus();
  const configured = status.data?.configured === true;
  const connected = configured && status.data?.connected === true;

  // A failed status read hides Linear rather than blocking the to-dos with an error of its own.
  if (!status.isPending && !configured) return null;

  return (
    <section aria-labelledby={headingId}>
      {status.isPending ? (
        <SectionFrame headingId={headingId}>
          <RowsSkeleton />
        </SectionFrame>
      ) : connected ? (
        <ConnectedIssues headingId={headingId} />
      ) : (
        <SectionFrame headingId={headingId}>
          <ConnectPrompt />
        </SectionFrame>
      )}
    </section>
  );
}

/** The section's heading row (title, then `actions` on the right) and its bordered body. */
function SectionFrame({
  headingId,
  actions,
  children,
}: {
  headingId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-base font-semibold tracking-tight"
        >
          <LinearIcon className="size-[18px] text-indigo-600 dark:text-indigo-400" />
          {LINEAR_MESSAGES.sectionTitle}
        </h2>
        {actions && <div className="flex items-center gap-1">{actions}</div>}
      </div>
      <div className="overflow-hidden rounded-xl border bg-card">{children}</div>
    </div>
  );
}

function RowsSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y">
      {[65, 45].map((width) => (
        <li key={width} className="flex items-start gap-3 px-4 py-3">
          <div className="mt-0.5 size-[18px] shrink-0 animate-pulse rounded-full bg-muted" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 animate-pulse rounded bg-muted" style={{ width: `${width}%` }} />
            <div className="h-3 w-24 animate-pulse rounded bg-muted/70" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Not connected: what connecting gives, and the way to Settings > Integrations. */
function ConnectPrompt() {
  return (
    <div className="flex flex-col items-start gap-4 px-4 py-5 sm:flex-row sm:items-center">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-xl border bg-muted/60">
        <LinearIcon className="size-5 text-indigo-600 dark:text-indigo-400" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm font-medium">Bring your Linear issues here</p>
        <p className="text-sm text-muted-foreground">
          See, edit and complete the issues assigned to you beside your to-dos.
        </p>
      </div>
      <Button variant="outline" onClick={() => openSettings('integrations')}>
        {LINEAR_MESSAGES.connect}
      </Button>
    </div>
  );
}

/**
 * 'Error' / 'Failed to load Linear issues' once per failed fetch; a rate-limited answer is left
 * for the next attempt. A lost token means Linear is disconnected now: the status is read again.
 */
function useIssuesLoadErrors({
  errorUpdatedAt,
  error,
}: {
  errorUpdatedAt: number;
  error: Error | null;
}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!errorUpdatedAt || !error) return;
    if (error.message === LINEAR_MESSAGES.noToken) {
      void queryClient.invalidateQueries({ queryKey: linearStatusQueryKey });
      return;
    }
    if (isLinearRateLimited(error)) return;
    toast.error(LINEAR_MESSAGES.errorTitle, { description: LINEAR_MESSAGES.loadFailed });
  }, [errorUpdatedAt, error, queryClient]);
}

function ConnectedIssues({ headingId }: { headingId: string }) {
  const issues = useLinearIssues({ enabled: true });
  const sync = useSyncLinear();
  const actions = useLinearIssueActions();
  const [editingId, setEditingId] = useState<string | null>(null);
  useIntegrationPolling({ queryKey: linearIssuesQueryKey, enabled: true });
  useIssuesLoadErrors(issues);

  const runSync = () => {
    sync.mutate(undefined, {
      onSuccess: (answer) =>
        toast.success(LINEAR_MESSAGES.syncedTitle, {
          description: linearSyncedMessage(answer.issues.length),
        }),
      onError: () =>
        toast.error(LINEAR_MESSAGES.syncFailedTitle, { description: LINEAR_MESSAGES.syncFailed }),
    });
  };

  const updated = formatLastUpdated(issues.dataUpdatedAt);

  const list = issues.data;
  let body: ReactNode;
  if (list === undefined && !issues.isError) {
    body = <RowsSkeleton />;
  } else if (list === undefined) {
    body = (
      <LoadFailedState
        icon={TriangleAlert}
        title={LINEAR_MESSAGES.loadFailed}
        detail={issues.error?.message}
        onRetry={() => void issues.refetch()}
        retryDisabled={issues.isFetching}
      />
    );
  } else if (list.length === 0) {
    body = (
      <AllDoneState title={LINEAR_MESSAGES.noIssues}>
        New issues assigned to you appear here; Sync asks Linear at once.
      </AllDoneState>
    );
  } else {
    body = (
      <IssueList
        headingId={headingId}
        issues={list}
        busy={sync.isPending}
        actions={actions}
        editingId={editingId}
        onEditingChange={setEditingId}
      />
    );
  }

  return (
    <SectionFrame
      headingId={headingId}
      actions={
        <>
          {updated && <span className="mr-1 text-xs text-muted-foreground">{updated}</span>}
          <Button
            variant="ghost"
            size="sm"
            onClick={runSync}
            disabled={sync.isPending || issues.isPending}
          >
            {sync.isPending ? (
              <Spinner className="text-current" aria-hidden="true" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            {sync.isPending ? LINEAR_MESSAGES.syncing : LINEAR_MESSAGES.sync}
          </Button>
        </>
      }
    >
      {body}
    </SectionFrame>
  );
}

/** The issues, one of them as the edit form while it is being edited. */
function IssueList({
  headingId,
  issues,
  busy,
  actions: { setDone, save },
  editingId,
  onEditingChange: setEditingId,
}: {
  headingId: string;
  issues: readonly LinearIssue[];
  /** A Sync is under way. */
  busy: boolean;
  actions: ReturnType<typeof useLinearIssueActions>;
  /** The issue shown as the edit form, or null. */
  editingId: string | null;
  onEditingChange: (id: string | null) => void;
}) {
  return (
    <ul aria-labelledby={headingId} aria-busy={busy} className="divide-y">
      {issues.map((issue) =>
        issue.id === editingId ? (
          <li key={issue.id} className="bg-accent/25 px-4 py-3">
            <EditIssue
              issue={issue}
              onCancel={() => setEditingId(null)}
              onSave={(edit, states) => {
                save(issue, edit, states);
                setEditingId(null);
              }}
            />
          </li>
        ) : (
          <LinearIssueRow
            key={issue.id}
            issue={issue}
            onToggle={(target, done) => void setDone(target, done)}
            onEdit={(target) => setEditingId(target.id)}
          />
        ),
      )}
    </ul>
  );
}

/** The edit form with its team's states loaded for the select. */
function EditIssue({
  issue,
  onCancel,
  onSave,
}: {
  issue: LinearIssue;
  onCancel: () => void;
  onSave: (edit: LinearIssueEdit, states: readonly LinearState[]) => void;
}) {
  const states = useLinearWorkflowStates(issue.team.id, { enabled: true });
  return (
    <LinearIssueEditForm
      issue={issue}
      states={states.data}
      statesFailed={states.isError}
      onCancel={onCancel}
      onSave={(edit) => onSave(edit, states.data ?? [])}
    />
  );
}
