/**
 * How the Administration tab writes sizes, dates and counts: decimal sizes ('1.2 GB', as disks
 * are sold), days ('Dec 7, 2026') and plurals.
 */
import { formatDate } from '@/lib/date-format';

const KB = 1000;
const MB = 1000 * KB;
const GB = 1000 * MB;

/** A size in bytes as people read it: '640 MB', '1.2 GB', '48 KB', '0 B'. */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= 10 * MB) return `${Math.round(bytes / MB)} MB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${Math.max(0, Math.round(bytes))} B`;
}

/** An ISO timestamp to the day ('Dec 7, 2026'), or `none` when null. */
export function formatDay(iso: string | null, none = 'never'): string {
  return iso ? formatDate(new Date(iso), 'MMM d, yyyy') : none;
}

/** '1 meeting', '3 meetings'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
