/**
 * A list of share links with their parts, expiry, views and last view, and Revoke (asked first):
 * the Share dialog's links of one meeting and Settings' links of all meetings.
 */
import type { ShareLink } from '@summy/core';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useRevokeShareLink } from '../api/revoke-share-link';
import { expiryLabel, partsLabel, viewsLabel } from './share-format';

/** Props of {@link ShareLinkList}. */
export interface ShareLinkListProps {
  /** The links' query: pending, failed (with a retry) or answered. */
  links: { isPending: boolean; isError: boolean; data?: ShareLink[]; refetch: () => unknown };
  /** Names each link's meeting (Settings lists links of every meeting). */
  showMeeting?: boolean;
  /** The list's accessible name. */
  label: string;
}

/** The links, or their loading, failure or empty line. */
export function ShareLinkList({ links, showMeeting = false, label }: ShareLinkListProps) {
  const revoke = useRevokeShareLink();
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  if (links.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading links…
      </p>
    );
  if (links.isError || !links.data)
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="text-destructive">Failed to load share links</p>
        <Button variant="outline" size="sm" onClick={() => void links.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (links.data.length === 0)
    return (
      <p className="rounded-lg border border-dashed px-4 py-3 text-center text-sm text-muted-foreground">
        No share links yet.
      </p>
    );
  return (
    <>
      <ul className="flex flex-col divide-y rounded-lg border" aria-label={label}>
        {links.data.map((link) => (
          <ShareLinkRow
            key={link.id}
            link={link}
            showMeeting={showMeeting}
            busy={revoke.isPending && revoke.variables === link.id}
            onRevoke={() => setRevoking(link)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this link?"
        description="Anyone opening it will see a page not found. This cannot be undone."
        confirmLabel="Revoke"
        destructive
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => toast.success('Link revoked'),
            onError: (err) =>
              toast.error('Failed to revoke the link', { description: err.message }),
          })
        }
      />
    </>
  );
}

function ShareLinkRow({
  link,
  showMeeting,
  busy,
  onRevoke,
}: {
  link: ShareLink;
  showMeeting: boolean;
  busy: boolean;
  onRevoke: () => void;
}) {
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="share-link-row">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {showMeeting && <span className="truncate text-sm font-medium">{link.meetingTitle}</span>}
        <span className={showMeeting ? 'text-xs text-muted-foreground' : 'text-sm font-medium'}>
          {partsLabel(link.parts)}
          {link.hasPassword ? ' · Password' : ''}
        </span>
        <span className="text-xs text-muted-foreground">
          {expiryLabel(link)} · {viewsLabel(link)}
        </span>
      </div>
      <Button variant="outline" size="sm" disabled={busy} onClick={onRevoke}>
        <Trash2 aria-hidden="true" />
        Revoke
      </Button>
    </li>
  );
}
