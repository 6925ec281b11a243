/**
 * How a reminder's due date and priority read in the reminders section, and how the edit form's
 * date field maps back to the `dueDate` the server takes. A CalDAV DUE is either a whole day
 * (`YYYY-MM-DD`, read in local time) or a UTC date-time (`…Z`); the form edits the day and keeps
 * a date-time's time of day.
 */
import { applePriorityToTodo, type ReminderPriority } from '@summy/core';
import { formatDate, isSameDay, isSameYear, isValidDate } from '@/lib/date-format';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A due date as a local `Date`; a whole day is its local midnight. Null for none or garbage. */
export function parseDueDate(dueDate: string | null): Date | null {
  if (!dueDate) return null;
  const day = DATE_ONLY.exec(dueDate);
  const date = day
    ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
    : new Date(dueDate);
  return isValidDate(date) ? date : null;
}

/** A due date for the row: the words to show and whether it has passed. */
export interface DueLabel {
  text: string;
  overdue: boolean;
}

/**
 * 'Today', 'Tomorrow', 'Yesterday' or 'Tue, Mar 4' ('Mar 4, 2027' in another year), with ', 2:05
 * PM' when the reminder is due at a time. A whole day is overdue from the next day on, a time once
 * it has passed. Null when there is no (valid) due date.
 */
export function dueDateLabel(dueDate: string | null, now: Date): DueLabel | null {
  const date = parseDueDate(dueDate);
  if (!date || !dueDate) return null;
  const allDay = DATE_ONLY.test(dueDate);
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const day = isSameDay(date, now)
    ? 'Today'
    : isSameDay(date, tomorrow)
      ? 'Tomorrow'
      : isSameDay(date, yesterday)
        ? 'Yesterday'
        : isSameYear(date, now)
          ? formatDate(date, 'EEE, MMM d')
          : formatDate(date, 'MMM d, yyyy');
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return allDay
    ? { text: day, overdue: date < startOfToday }
    : { text: `${day}, ${formatDate(date, 'h:mm a')}`, overdue: date < now };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local day of a due date as `<input type="date">` wants it (`YYYY-MM-DD`); '' for none. */
export function dueDateInputValue(dueDate: string | null): string {
  if (dueDate && DATE_ONLY.test(dueDate)) return dueDate;
  const date = parseDueDate(dueDate);
  return date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '';
}

/**
 * The `dueDate` to send for the form's day `input` ('' clears it): a whole day stays a whole day;
 * a reminder due at a time keeps that local time on the new day (as a UTC date-time). Undefined
 * when the day did not change, so nothing is sent for it.
 */
export function dueDatePatch(input: string, previous: string | null): string | null | undefined {
  if (input === dueDateInputValue(previous)) return undefined;
  if (!input) return null;
  const day = DATE_ONLY.exec(input);
  if (!day) return undefined;
  const before = parseDueDate(previous);
  if (!previous || !before || DATE_ONLY.test(previous)) return input;
  const moved = new Date(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    before.getHours(),
    before.getMinutes(),
    before.getSeconds(),
  );
  return moved.toISOString();
}

/** How a priority level is shown: its word and a colour per level; none shows nothing. */
export interface PriorityLook {
  level: Exclude<ReminderPriority, 'none'>;
  label: string;
  className: string;
}

const PRIORITY_LOOKS: Record<Exclude<ReminderPriority, 'none'>, Omit<PriorityLook, 'level'>> = {
  urgent: {
    label: 'Urgent',
    className: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  },
  high: {
    label: 'High',
    className: 'bg-orange-100 text-orange-800 dark:bg-orange-500/15 dark:text-orange-300',
  },
  medium: {
    label: 'Medium',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-300',
  },
  low: { label: 'Low', className: 'bg-muted text-muted-foreground' },
};

/**
 * A reminder's Apple-scale priority (0-9) as shown: 1-3 low, 4-6 medium, 7-8 high, 9 urgent; null
 * for 0 (none).
 */
export function priorityLook(priority: number): PriorityLook | null {
  const level = applePriorityToTodo(priority);
  return level === 'none' ? null : { level, ...PRIORITY_LOOKS[level] };
}
