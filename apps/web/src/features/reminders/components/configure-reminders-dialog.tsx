import {
  REMINDERS_LABELS,
  REMINDERS_MESSAGES,
  remindersConfigSavedMessage,
  type ReminderList,
  type RemindersListsAnswer,
} from '@summy/core';
import { AlertCircle, ListTodo } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useReminderLists } from '../api/get-reminder-lists';
import { useSelectReminderLists } from '../api/select-reminder-lists';

/** Props of {@link ConfigureRemindersDialog}. */
export interface ConfigureRemindersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Configure Apple Reminders': the account's reminder lists with their colours as a checklist,
 * Cancel and 'Save Configuration'. At least one list must be ticked, else 'No lists selected' /
 * 'Please select at least one list to sync' shows and Save is disabled. When the lists cannot be
 * read the server answers the single list 'Reminders', ticked, and the dialog says 'Failed to load
 * lists'. Saving says 'Configuration saved: Syncing {n} reminder list(s)'.
 */
export function ConfigureRemindersDialog({ open, onOpenChange }: ConfigureRemindersDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {open && <ConfigureForm onOpenChange={onOpenChange} />}
      </DialogContent>
    </Dialog>
  );
}

function ConfigureForm({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const lists = useReminderLists();
  const save = useSelectReminderLists();
  const noticeId = useId();
  // The person's ticks; null until this opening's read settles, then seeded with the saved
  // selection (a cached answer from an earlier opening may be out of date).
  const [ticked, setTicked] = useState<Set<string> | null>(null);
  const data = lists.isFetchedAfterMount ? lists.data : undefined;
  if (data && ticked === null) {
    const known = new Set(data.lists.map((l) => l.id));
    setTicked(new Set(data.selected.filter((id) => known.has(id))));
  }
  const fallback = data?.fallback === true;

  useEffect(() => {
    if (!fallback) return;
    toast.error(REMINDERS_MESSAGES.listsFailed, {
      description: REMINDERS_MESSAGES.listsFailedDetail,
    });
  }, [fallback]);

  const selected = ticked ?? new Set<string>();
  const none = ticked !== null && selected.size === 0;
  const toggle = (list: ReminderList, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(list.id);
    else next.delete(list.id);
    setTicked(next);
  };

  const submit = () => {
    if (!data || selected.size === 0 || save.isPending) return;
    // In the lists' order, so the server keeps the order the person sees.
    const ids = data.lists.filter((l) => selected.has(l.id)).map((l) => l.id);
    save.mutate(ids, {
      onSuccess: () => {
        toast.success(remindersConfigSavedMessage(ids.length));
        onOpenChange(false);
      },
      onError: (error) =>
        toast.error(REMINDERS_MESSAGES.errorTitle, { description: error.message }),
    });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{REMINDERS_LABELS.configureTitle}</DialogTitle>
        <DialogDescription>Choose the lists to show beside your to-dos.</DialogDescription>
      </DialogHeader>

      {lists.isError && !lists.isFetching ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center text-sm">
          <p className="font-medium">{REMINDERS_MESSAGES.listsFailed}</p>
          <p className="text-muted-foreground">{lists.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void lists.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data ? (
        <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
          <Spinner label="Loading lists" />
          Loading lists...
        </div>
      ) : data.lists.length === 0 ? (
        <NoLists />
      ) : (
        <ListChecklist
          data={data}
          selected={selected}
          none={none}
          noticeId={noticeId}
          onToggle={toggle}
        />
      )}

      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!data || selected.size === 0 || save.isPending}>
          {save.isPending && <Spinner className="text-current" aria-hidden="true" />}
          {REMINDERS_LABELS.saveConfiguration}
        </Button>
      </DialogFooter>
    </>
  );
}

/** The account has no reminder lists at all. */
function NoLists() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm">
      <ListTodo className="size-5 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">No reminder lists on this account</p>
      <p className="text-muted-foreground">
        Create a list in your reminders or tasks app, then open this again.
      </p>
    </div>
  );
}

/** The lists as a checklist, with the fallback warning above and the 'none ticked' notice below. */
function ListChecklist({
  data,
  selected,
  none,
  noticeId,
  onToggle,
}: {
  data: RemindersListsAnswer;
  selected: ReadonlySet<string>;
  none: boolean;
  noticeId: string;
  onToggle: (list: ReminderList, on: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      {data.fallback && (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-amber-300/60 bg-amber-50 px-3 py-2.5 text-xs text-amber-900 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-200"
        >
          <AlertCircle className="mt-px size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">{REMINDERS_MESSAGES.listsFailed}.</span>{' '}
            {REMINDERS_MESSAGES.listsFailedDetail}
          </span>
        </p>
      )}
      <ul
        aria-label="Reminder lists"
        aria-describedby={none ? noticeId : undefined}
        className="flex max-h-72 flex-col divide-y overflow-y-auto rounded-lg border bg-card"
      >
        {data.lists.map((list) => (
          <li key={list.id}>
            <ListCheckbox list={list} checked={selected.has(list.id)} onToggle={onToggle} />
          </li>
        ))}
      </ul>
      {none && (
        <p id={noticeId} role="status" className="flex gap-2 text-xs text-muted-foreground">
          <AlertCircle className="mt-px size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            <span className="font-medium text-foreground">
              {REMINDERS_MESSAGES.noListsSelected}
            </span>
            . {REMINDERS_MESSAGES.noListsSelectedDetail}.
          </span>
        </p>
      )}
    </div>
  );
}

/** One list: its tick box, colour dot, name and a 'Shared' mark. */
function ListCheckbox({
  list,
  checked,
  onToggle,
}: {
  list: ReminderList;
  checked: boolean;
  onToggle: (list: ReminderList, on: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5 text-sm hover:bg-accent/50 has-[:focus-visible]:bg-accent/50">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onToggle(list, e.target.checked)}
        className="size-4 shrink-0 cursor-pointer accent-primary"
      />
      <span
        aria-hidden="true"
        className="size-3 shrink-0 rounded-full border border-black/10 dark:border-white/15"
        style={{ backgroundColor: list.color ?? 'var(--muted-foreground)' }}
      />
      <span className="min-w-0 flex-1 truncate">{list.name}</span>
      {list.isShared && (
        <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-[11px] font-medium text-muted-foreground">
          Shared
        </span>
      )}
    </label>
  );
}
