/**
 * How Linear's values read in the panel: priority badges (1 urgent, 2 high, 3 medium, 4 low, else
 * none), due dates (Linear's timeless 'YYYY-MM-DD') and the panel's last-updated time.
 */
import { linearPriorityToTodo, type LinearPriorityName } from '@summy/core';
import { formatDate } from '@/lib/date-format';

/** Badge text and colours per priority; none has no badge. */
const PRIORITY_BADGES: Record<
  Exclude<LinearPriorityName, 'none'>,
  { label: string; className: string }
> = {
  urgent: { label: 'Urgent', className: 'bg-red-500/10 text-red-700 dark:text-red-400' },
  high: { label: 'High', className: 'bg-orange-500/10 text-orange-700 dark:text-orange-400' },
  medium: { label: 'Medium', className: 'bg-amber-500/10 text-amber-700 dark:text-amber-400' },
  low: { label: 'Low', className: 'bg-sky-500/10 text-sky-700 dark:text-sky-400' },
};

/** The badge of Linear's priority number, or null for none (0 or anything unknown). */
export function linearPriorityBadge(
  priority: number | null | undefined,
): { label: string; className: string } | null {
  const name = linearPriorityToTodo(priority);
  return name === 'none' ? null : PRIORITY_BADGES[name];
}

/** A timeless 'YYYY-MM-DD' as a local date (midnight), or null when it is not one. */
export function parseTimelessDate(value: string | null | undefined): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(date.getTime()) ? date : null;
}

/**
 * A due date as the row shows it: 'Due Mar 4', with the year when it is not `now`'s year;
 * null when there is none.
 */
export function formatDueDate(value: string | null | undefined, now = new Date()): string | null {
  const date = parseTimelessDate(value);
  if (!date) return null;
  const sameYear = date.getFullYear() === now.getFullYear();
  return `Due ${formatDate(date, sameYear ? 'MMM d' : 'MMM d, yyyy')}`;
}

/** True when a due date is before `now`'s day (the row shows it in red). */
export function isOverdue(value: string | null | undefined, now = new Date()): boolean {
  const date = parseTimelessDate(value);
  if (!date) return false;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return date.getTime() < today.getTime();
}

/**
 * The panel's last-updated line: 'Updated 2:05 PM' today, 'Updated Mar 4, 2:05 PM' on another
 * day; null before the first fetch (`updatedAt` 0).
 */
export function formatLastUpdated(updatedAt: number, now = new Date()): string | null {
  if (!updatedAt) return null;
  const date = new Date(updatedAt);
  const sameDay = date.toDateString() === now.toDateString();
  return `Updated ${formatDate(date, sameDay ? 'h:mm a' : 'MMM d, h:mm a')}`;
}
