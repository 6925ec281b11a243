import {
  REMINDERS_DEFAULT_LIST_ID,
  REMINDERS_LABELS,
  REMINDERS_MESSAGES,
  remindersActiveLabel,
  type ReminderList,
} from '@summy/core';
import { ListChecks, RefreshCw, Settings2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AllDoneState, LoadFailedState } from '@/components/integration-section-states';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { INTEGRATION_CACHE_MS, useIntegrationPolling } from '@/hooks/use-integration-polling';
import { formatDate } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useReminderLists } from '../api/get-reminder-lists';
import { remindersItemsQueryKey, useReminders } from '../api/get-reminders';
import { useRemindersStatus } from '../api/get-reminders-status';
import { useReminderActions } from '../hooks/use-reminder-actions';
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

/**
 * Loads the reminders and keeps Sync's state: 'Error' / 'Failed to load Apple Reminders' once per
 * failed first load (a failed background refresh keeps the cached reminders quietly until the next
 * attempt), and 'Sync failed' for a failed Sync instead of the first-load toast as well.
 */
function useRemindersSync() {
  const reminders = useReminders({ enabled: true });
  const [syncing, setSyncing] = useState(false);
  useIntegrationPolling({ queryKey: remindersItemsQueryKey, enabled: true });

  const failedLoad = reminders.isError && reminders.data === undefined && !syncing;
  const toastedAt = useRef(0);
  useEffect(() => {
    if (!failedLoad || toastedAt.current === reminders.errorUpdatedAt) return;
    toastedAt.current = reminders.errorUpdatedAt;
    toast.error(REMINDERS_MESSAGES.errorTitle, { description: REMINDERS_MESSAGES.loadFailed });
  }, [failedLoad, reminders.errorUpdatedAt]);

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

  const busy = syncing || (reminders.isFetching && !reminders.isPending);
  return { reminders, busy, sync };
}

function ConnectedReminders({
  headingId,
  onConfigure,
}: {
  headingId: string;
  onConfigure: () => void;
}) {
  const { reminders, busy, sync } = useRemindersSync();
  // Colours and move targets; the same query as the configure dialog, cached like the reminders.
  const lists = useReminderLists({ staleTime: INTEGRATION_CACHE_MS });
  const actions = useReminderActions();

  const items = reminders.data ?? [];
  const colours = new Map(lists.data?.lists.map((l) => [l.id, l.color]));
  const targets = lists.data ? movableLists(lists.data.lists, lists.data.selected) : [];
  const now = new Date();

  let body: ReactNode;
  if (reminders.isPending) {
    body = <RowsSkeleton />;
  } else if (reminders.isError && items.length === 0) {
    body = (
      <LoadFailedState
        title={REMINDERS_MESSAGES.loadFailed}
        detail={reminders.error.message}
        onRetry={() => void sync()}
        retryDisabled={busy}
      />
    );
  } else if (items.length === 0) {
    body = (
      <AllDoneState title="No reminders to do">
        Every reminder in the lists you sync is done. New ones appear here within{' '}
        {INTEGRATION_CACHE_MS / 60_000} minutes, or at once with Sync.
      </AllDoneState>
    );
  } else {
    body = (
      <ul aria-label={REMINDERS_LABELS.section} aria-busy={busy} className="divide-y">
        {items.map((reminder) =>
          actions.editing === reminder.id ? (
            <ReminderEditForm
              key={reminder.id}
              reminder={reminder}
              lists={targets}
              listsLoading={lists.isPending}
              saving={actions.saving}
              onSave={(patch, listName) => actions.save(reminder, patch, listName)}
              onCancel={() => actions.setEditing(null)}
            />
          ) : (
            <ReminderRow
              key={reminder.id}
              reminder={reminder}
              listColor={colours.get(reminder.list.id)}
              now={now}
              onComplete={() => actions.complete(reminder)}
              onRename={(title) => actions.rename(reminder, title)}
              onEdit={() => actions.setEditing(reminder.id)}
            />
          ),
        )}
      </ul>
    );
  }

  return (
    <SectionFrame
      headingId={headingId}
      badge={reminders.data ? remindersActiveLabel(items.length) : undefined}
      actions={
        <SyncActions
          updatedAt={reminders.dataUpdatedAt}
          busy={busy}
          disabled={busy || reminders.isPending}
          onSync={() => void sync()}
          onConfigure={onConfigure}
        />
      }
    >
      {body}
    </SectionFrame>
  );
}

/** The heading row's controls: when the reminders were read, Sync, and the lists' settings. */
function SyncActions({
  updatedAt,
  busy,
  disabled,
  onSync,
  onConfigure,
}: {
  /** When the reminders were last read (ms since the epoch); 0 before the first answer. */
  updatedAt: number;
  busy: boolean;
  disabled: boolean;
  onSync: () => void;
  onConfigure: () => void;
}) {
  return (
    <>
      {updatedAt > 0 && (
        <span className="mr-1 text-xs text-muted-foreground max-sm:hidden">
          Updated {formatDate(new Date(updatedAt), 'h:mm a')}
        </span>
      )}
      <Button variant="ghost" size="sm" onClick={onSync} disabled={disabled}>
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
