/**
 * Settings' 'Share links': every link the person made, with its meeting, parts, expiry, views,
 * last view and Revoke. Handed to the account section by the app layer.
 * docs/product.md#share-links.
 */
import { useId } from 'react';
import { useShareLinks } from '../api/get-share-links';
import { ShareLinkList } from './share-link-list';

/** The share links block. */
export function ShareLinksSettings() {
  const links = useShareLinks();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t pt-4">
      <div className="flex flex-col gap-0.5">
        <h4 id={headingId} className="text-sm font-medium">
          Share links
        </h4>
        <p className="text-xs text-muted-foreground">
          Read-only links to your meetings. Anyone with a link can open it until it expires or you
          revoke it.
        </p>
      </div>
      <ShareLinkList links={links} showMeeting label="Share links" />
    </section>
  );
}
