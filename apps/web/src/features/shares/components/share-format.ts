/** Wording of share links shared by the Share dialog and Settings (docs/product.md#share-links). */
import type { ShareExpiry, ShareLink, ShareParts } from '@summy/core';
import { formatDate } from '@/lib/date-format';

/** The parts a link may show, in the dialog's order, with their labels. */
export const SHARE_PART_LABELS: readonly { key: keyof ShareParts; label: string }[] = [
  { key: 'summary', label: 'Summary' },
  { key: 'actionItems', label: 'Action items' },
  { key: 'transcript', label: 'Transcript' },
  { key: 'recording', label: 'Recording' },
  { key: 'notes', label: 'My notes' },
];

/** The expiry choices and their labels. */
export const SHARE_EXPIRY_LABELS: Record<ShareExpiry, string> = {
  never: 'Never',
  '7d': 'In 7 days',
  '30d': 'In 30 days',
};

/** The page of a token on this server: `{origin}/s/{token}`. */
export function shareUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/s/${token}`;
}

/** 'Summary, Transcript' from the parts a link shows; 'Nothing' when none. */
export function partsLabel(parts: ShareParts): string {
  const shown = SHARE_PART_LABELS.filter((p) => parts[p.key]).map((p) => p.label);
  return shown.length ? shown.join(', ') : 'Nothing';
}

/** 'Never expires', 'Expires Dec 14, 2026' or 'Expired Dec 14, 2026' at `now`. */
export function expiryLabel(link: Pick<ShareLink, 'expiresAt'>, now: Date = new Date()): string {
  if (!link.expiresAt) return 'Never expires';
  const at = new Date(link.expiresAt);
  return `${at <= now ? 'Expired' : 'Expires'} ${formatDate(at, 'MMM d, yyyy')}`;
}

/** '3 views · last Dec 7, 2026, 8:05 AM', or 'Not viewed yet'. */
export function viewsLabel(link: Pick<ShareLink, 'viewCount' | 'lastViewedAt'>): string {
  if (link.viewCount === 0 || !link.lastViewedAt) return 'Not viewed yet';
  const views = link.viewCount === 1 ? '1 view' : `${link.viewCount} views`;
  return `${views} · last ${formatDate(new Date(link.lastViewedAt), 'MMM d, yyyy, h:mm a')}`;
}
