/** Sizes as people read them, in decimal units as disks and downloads are sold. */

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
