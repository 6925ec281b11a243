/**
 * How the Administration tab writes sizes, dates and counts: decimal sizes ('1.2 GB', as disks
 * are sold), days ('Dec 7, 2026') and plurals.
 */
import { formatDate } from '@/lib/date-format';

export { formatBytes } from '@/lib/format-bytes';

/** An ISO timestamp to the day ('Dec 7, 2026'), or `none` when null. */
export function formatDay(iso: string | null, none = 'never'): string {
  return iso ? formatDate(new Date(iso), 'MMM d, yyyy') : none;
}

/** '1 meeting', '3 meetings'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
