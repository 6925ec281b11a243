import {
  REMINDERS_DEFAULT_LIST_ID,
  REMINDERS_LABELS,
  REMINDERS_MESSAGES,
  remindersActiveLabel,
  type Reminder,
  type ReminderList,
  type ReminderPatch,
} from '@summy/core';
import { CircleCheckBig, ListChecks, RefreshCw, Settings2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { INTEGRATION_CACHE_MS, useIntegrationPolling } from '@/hooks/use-integration-polling';
import { formatDate } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { REMINDERS_DISCONNECTED_EVENT } from '../api/disconnect-reminders';
import { useReminderLists } from '../api/get-reminder-lists';
import { remindersItemsQueryKey, useReminders } from '../api/get-reminders';
import { useRemindersStatus } from '../api/get-reminders-status';
import { useUpdateReminder, type UpdateReminderVariables } from '../api/update-reminder';
import { ReminderEditForm } from './reminder-edit-form';
import { ReminderRow } from './reminder-row';
import { useRemindersDialogs } from './reminders-dialogs';

/** Props of {@link RemindersSection}. */
export interface RemindersSectionProps {
  className?: string;
}

/**
 * The 'Apple Reminders' section of /todos (reminders over CalDAV): an '{n} active' badge, Sync, the
 * incomplete reminders of the chosen lists (tick to complete, double-click a title to rename, the
 * pencil for the edit form with title, date and list), with every toast of
 * docs/product.md#reminders. Not connected, a short prompt opens 'Connect Apple Reminders'.
 * Reminders are cached 5 minutes and refreshed every 30 s while the person is active (the shared
 * integration polling).
 */
export function RemindersSection({ className }: RemindersSectionProps) {
  const headingId = useId();
  const status = useRemindersStatus();
  const dialogs = useRemindersDialogs();
  const connected = status.data?.connected === true;

  return (
    <section aria-labelledby={headingId} className={className}>
      {status.isPending ? (
        <SectionFrame headingId={headingId}>
          <RowsSkeleton />
        </SectionFrame>
      ) : connected ? (
        <ConnectedReminders headingId={headingId} onConfigure={dialogs.openConfigure} />
      ) : (
        <SectionFrame headingId={headingId}>
          <div className="flex flex-col items-start gap-4 px-4 py-5 sm:flex-row sm:items-center">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-xl border bg-muted/60">
              <ListChecks
                className="size-5 text-orange-500 dark:text-orange-400"
                aria-hidden="true"
              />
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <p className="text-sm font-medium">
                {status.isError ? REMINDERS_MESSAGES.loadFailed : 'Bring your reminders here'}
              </p>
              <p className="text-sm text-muted-foreground">
                {status.isError
                  ? status.error.message
                  : 'See and tick off reminders from iCloud, Nextcloud, Fastmail or any CalDAV server beside your to-dos.'}
              </p>
            </div>
            {status.isError ? (
              <Button variant="outline" onClick={() => void status.refetch()}>
                Try again
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={dialogs.openConnect}
                onPointerEnter={() => dialogs.preload('connect')}
                onFocus={() => dialogs.preload('connect')}
              >
                {REMINDERS_LABELS.connectTitle}
              </Button>
            )}
          </div>
        </SectionFrame>
      )}
      {dialogs.dialogs}
    </section>
  );
}

/** The section's heading row and bordered body. */
function SectionFrame({
  headingId,
  badge,
  actions,
  children,
}: {
  headingId: string;
  badge?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 items-center gap-2">
          <h2
            id={headingId}
            className="flex items-center gap-2 text-base font-semibold tracking-tight"
          >
            <ListChecks
              className="size-[18px] text-orange-500 dark:text-orange-400"
              aria-hidden="true"
            />
            {REMINDERS_LABELS.section}
          </h2>
          {badge && (
            <span className="inline-flex h-5 items-center rounded-full bg-brand-soft px-2 text-[11px] font-medium text-brand-soft-foreground tabular-nums">
              {badge}
            </span>
          )}
        </div>
        {actions && <div className="flex items-center gap-1">{actions}</div>}
      </div>
      <div className="overflow-hidden rounded-xl border bg-card">{children}</div>
    </div>
  );
}

/** The list ids the edit form may move a reminder to: the synced ones ('default' = every list). */
function movableLists(lists: readonly ReminderList[], selected: readonly string[]): ReminderList[] {
  if (selected.length === 0 || selected.includes(REMINDERS_DEFAULT_LIST_ID)) return [...lists];
  const chosen = new Set(selected);
  return lists.filter((l) => chosen.has(l.id));
}

function ConnectedReminders({
  headingId,
  onConfigure,
}: {
  headingId: string;
  onConfigure: () => void;
}) {
  const reminders = useReminders({ enabled: true });
  // Colours and move targets; the same query as the configure dialog, cached like the reminders.
  const lists = useReminderLists({ staleTime: INTEGRATION_CACHE_MS });
  const update = useUpdateReminder();
  const [editing, setEditing] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  useIntegrationPolling({ queryKey: remindersItemsQueryKey, enabled: true });

  // 'Error' / 'Failed to load Apple Reminders': once per failed first load; a failed background
  // refresh keeps the cached reminders quietly until the next attempt.
  const failedLoad = reminders.isError && reminders.data === undefined && !syncing;
  const toastedAt = useRef(0);
  useEffect(() => {
    if (!failedLoad || toastedAt.current === reminders.errorUpdatedAt) return;
    toastedAt.current = reminders.errorUpdatedAt;
    toast.error(REMINDERS_MESSAGES.errorTitle, { description: REMINDERS_MESSAGES.loadFailed });
  }, [failedLoad, reminders.errorUpdatedAt]);

  useEffect(() => {
    const reset = () => setEditing(null);
    window.addEventListener(REMINDERS_DISCONNECTED_EVENT, reset);
    return () => window.removeEventListener(REMINDERS_DISCONNECTED_EVENT, reset);
  }, []);

  const sync = async () => {
    setSyncing(true);
    const result = await reminders.refetch();
    // This failure gets 'Sync failed', not the first-load toast as well.
    if (result.isError) toastedAt.current = result.errorUpdatedAt;
    setSyncing(false);
    if (result.isError) {
      toast.error(REMINDERS_MESSAGES.syncFailedTitle, {
        description: REMINDERS_MESSAGES.syncFailed,
      });
    }
  };

  // A failed title edit is 'Error' / 'Failed to update reminder title', any other failed change
  // 'Update failed' / 'Failed to update reminder in Apple Reminders'.
  const change = (
    variables: UpdateReminderVariables,
    succeeded: () => void,
    failure: [title: string, description: string] = [
      REMINDERS_MESSAGES.updateFailedTitle,
      REMINDERS_MESSAGES.updateFailed,
    ],
  ) =>
    update.mutate(variables, {
      onSuccess: succeeded,
      onError: () => toast.error(failure[0], { description: failure[1] }),
    });
  const reopen = (reminder: Reminder) =>
    change({ reminder, patch: { completed: false } }, () =>
      toast.success(REMINDERS_MESSAGES.reopened, { description: reminder.title }),
    );
  const complete = (reminder: Reminder) =>
    change({ reminder, patch: { completed: true } }, () =>
      toast.success(REMINDERS_MESSAGES.completed, {
        description: reminder.title,
        action: { label: 'Undo', onClick: () => reopen(reminder) },
      }),
    );
  const rename = (reminder: Reminder, title: string) =>
    change(
      { reminder, patch: { title } },
      () =>
        toast.success(REMINDERS_MESSAGES.successTitle, {
          description: REMINDERS_MESSAGES.titleUpdated,
        }),
      [REMINDERS_MESSAGES.errorTitle, REMINDERS_MESSAGES.titleUpdateFailed],
    );
  const save = (reminder: Reminder, patch: ReminderPatch, listName?: string) => {
    if (Object.keys(patch).length === 0) {
      setEditing(null);
      return;
    }
    change({ reminder, patch, listName }, () => {
      setEditing((current) => (current === reminder.id ? null : current));
      toast.success(REMINDERS_MESSAGES.updated);
    });
  };

  const items = reminders.data ?? [];
  const colours = new Map(lists.data?.lists.map((l) => [l.id, l.color]));
  const targets = lists.data ? movableLists(lists.data.lists, lists.data.selected) : [];
  const busy = syncing || (reminders.isFetching && !reminders.isPending);
  const now = new Date();

  return (
    <SectionFrame
      headingId={headingId}
      badge={reminders.data ? remindersActiveLabel(items.length) : undefined}
      actions={
        <>
          {reminders.dataUpdatedAt > 0 && (
            <span className="mr-1 text-xs text-muted-foreground max-sm:hidden">
              Updated {formatDate(new Date(reminders.dataUpdatedAt), 'h:mm a')}
            </span>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void sync()}
            disabled={busy || reminders.isPending}
          >
            {busy ? (
              <Spinner className="text-current" aria-hidden="true" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            {/* Phones keep the heading row to one line; the name stays for screen readers. */}
            <span className="max-sm:sr-only">{busy ? 'Syncing...' : 'Sync'}</span>
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onConfigure}
            aria-label="Choose reminder lists"
            title="Choose reminder lists"
          >
            <Settings2 />
          </Button>
        </>
      }
    >
      {reminders.isPending ? (
        <RowsSkeleton />
      ) : reminders.isError && items.length === 0 ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <p className="text-sm font-medium">{REMINDERS_MESSAGES.loadFailed}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{reminders.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void sync()} disabled={busy}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <div className="mb-1 flex size-10 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
            <CircleCheckBig className="size-5" aria-hidden="true" />
          </div>
          <p className="text-sm font-medium">No reminders to do</p>
          <p className="max-w-xs text-sm text-balance text-muted-foreground">
            Every reminder in the lists you sync is done. New ones appear here within{' '}
            {INTEGRATION_CACHE_MS / 60_000} minutes, or at once with Sync.
          </p>
        </div>
      ) : (
        <ul aria-label={REMINDERS_LABELS.section} aria-busy={busy} className="divide-y">
          {items.map((reminder) =>
            editing === reminder.id ? (
              <ReminderEditForm
                key={reminder.id}
                reminder={reminder}
                lists={targets}
                listsLoading={lists.isPending}
                saving={update.isPending}
                onSave={(patch, listName) => save(reminder, patch, listName)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <ReminderRow
                key={reminder.id}
                reminder={reminder}
                listColor={colours.get(reminder.list.id)}
                now={now}
                onComplete={() => complete(reminder)}
                onRename={(title) => rename(reminder, title)}
                onEdit={() => setEditing(reminder.id)}
              />
            ),
          )}
        </ul>
      )}
    </SectionFrame>
  );
}

function RowsSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y">
      {[0.7, 0.5, 0.6].map((width, i) => (
        <li key={i} className="flex items-start gap-3 px-4 py-3">
          <span className="mt-0.5 size-[18px] shrink-0 animate-pulse rounded-full bg-muted" />
          <span className="flex flex-1 flex-col gap-1.5">
            <span
              className="h-3.5 max-w-full animate-pulse rounded bg-muted"
              style={{ width: `${width * 100}%` }}
            />
            <span className="h-3 w-24 animate-pulse rounded bg-muted/70" />
          </span>
        </li>
      ))}
    </ul>
  );
}
