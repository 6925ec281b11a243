/** Short dates of the chat lists (Past chats, the @ picker). */
import { formatDate, isSameDay, isSameYear } from '@/lib/date-format';

/**
 * A date as lists in the panel show it: the time today ('3:04 PM'), else the day ('Mar 4'), with
 * the year when it is not this one ('Mar 4, 2024'); empty for an invalid date.
 */
export function shortDate(iso: string, now: Date = new Date(), withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (withTime && isSameDay(date, now)) return formatDate(date, 'h:mm a');
  return formatDate(date, isSameYear(date, now) ? 'MMM d' : 'MMM d, yyyy');
}
