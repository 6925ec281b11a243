import type { Reminder } from '@summy/core';
import { CalendarDays, Check, Pencil } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { dueDateLabel, priorityLook } from '../utils/reminder-format';

/** Props of {@link ReminderRow}. */
export interface ReminderRowProps {
  reminder: Reminder;
  /** The list's colour (`#rrggbb`) when known; the brand colour otherwise. */
  listColor?: string | null;
  /** 'now' for the due-date words (Today, overdue). */
  now: Date;
  /** Ticks the reminder off (it leaves the list). */
  onComplete: () => void;
  /** Saves a new, trimmed, non-empty title from the double-click edit. */
  onRename: (title: string) => void;
  /** Opens the edit form (title, date, list) in place of the row. */
  onEdit: () => void;
}

/**
 * One reminder: a round tick box, the title (double-click to rename in place: Enter or leaving the
 * field saves the trimmed title, Escape or an empty title cancels), and under it the list with its
 * colour, the due date (red once passed) and the priority. The pencil opens the full edit form and
 * is how a keyboard reaches editing.
 */
export function ReminderRow({
  reminder,
  listColor,
  now,
  onComplete,
  onRename,
  onEdit,
}: ReminderRowProps) {
  const { draft, setDraft, start, finish, onKeyDown } = useRenameDraft(reminder.title, onRename);
  const notes = reminder.notes?.trim().split('\n')[0];

  return (
    <li
      aria-label={reminder.title}
      className="group flex items-start gap-3 px-4 py-3 transition-colors hover:bg-accent/40"
    >
      <button
        type="button"
        role="checkbox"
        aria-checked={false}
        aria-label={`Complete "${reminder.title}"`}
        onClick={onComplete}
        className="peer mt-0.5 flex size-[18px] shrink-0 cursor-pointer items-center justify-center rounded-full border-[1.5px] border-muted-foreground/50 text-transparent transition-colors outline-none hover:border-primary hover:text-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Check className="size-3" strokeWidth={3} aria-hidden="true" />
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {draft === null ? (
          <span
            onDoubleClick={start}
            title="Double-click to edit"
            className="cursor-text text-sm leading-5 break-words select-none"
          >
            {reminder.title}
          </span>
        ) : (
          <input
            aria-label="Reminder title"
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => finish(true)}
            maxLength={1000}
            className="-mx-1.5 -my-0.5 rounded-md border border-input bg-background px-1.5 py-0.5 text-sm leading-5 outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/20"
          />
        )}
        {notes && <p className="truncate text-xs text-muted-foreground">{notes}</p>}
        <ReminderMeta reminder={reminder} listColor={listColor} now={now} />
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={onEdit}
        aria-label={`Edit "${reminder.title}"`}
        className="-my-1 text-muted-foreground opacity-100 hover:text-foreground md:opacity-0 md:group-hover:opacity-100 md:focus-visible:opacity-100"
      >
        <Pencil />
      </Button>
    </li>
  );
}

/**
 * The in-place rename: `draft` is the open field's text (null while closed); `finish(true)` saves
 * a changed, trimmed, non-empty title through `onRename`.
 */
function useRenameDraft(title: string, onRename: (title: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  // Whether the title field is open: a ref, because removing the field can still fire its blur
  // with this render's draft after Enter or Escape already ended the edit.
  const open = useRef(false);
  const start = () => {
    open.current = true;
    setDraft(title);
  };
  const finish = (save: boolean) => {
    if (!open.current || draft === null) return;
    open.current = false;
    const next = draft.trim();
    setDraft(null);
    if (save && next && next !== title) onRename(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      // The row's own Escape: it must not close a dialog or drawer around the page.
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    }
  };

  return { draft, setDraft, start, finish, onKeyDown };
}

/** The line under the title: the list with its colour, the due date and the priority. */
function ReminderMeta({
  reminder,
  listColor,
  now,
}: Pick<ReminderRowProps, 'reminder' | 'listColor' | 'now'>) {
  const due = dueDateLabel(reminder.dueDate, now);
  const priority = priorityLook(reminder.priority);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      <span className="flex min-w-0 items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-2 shrink-0 rounded-full bg-brand"
          style={listColor ? { backgroundColor: listColor } : undefined}
        />
        <span className="truncate">{reminder.list.name}</span>
      </span>
      {due && (
        <span
          className={cn('flex items-center gap-1', due.overdue && 'font-medium text-destructive')}
        >
          <CalendarDays className="size-3.5" aria-hidden="true" />
          <span>
            <span className="sr-only">{due.overdue ? 'Overdue, was due ' : 'Due '}</span>
            {due.text}
          </span>
        </span>
      )}
      {priority && (
        <span
          className={cn(
            'inline-flex h-5 items-center rounded-full px-2 text-[11px] font-medium',
            priority.className,
          )}
        >
          <span className="sr-only">Priority </span>
          {priority.label}
        </span>
      )}
    </div>
  );
}
