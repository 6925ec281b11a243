/**
 * /s/{token}: a shared meeting, for anyone with the link, signed in or not. A link with a
 * password asks for it first; an unknown, revoked or expired link, or a deleted meeting, shows
 * the not-found page (the server answers one 404 for all). Never cached by the service worker
 * (vite.config.ts), so the server's `X-Robots-Tag: noindex` and `Referrer-Policy: no-referrer`
 * come with it.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { useSharedMeeting } from '@/features/shares/api/get-shared-meeting';
import { SharePasswordForm } from '@/features/shares/components/share-password-form';
import { SharedFrame, SharedMeetingView } from '@/features/shares/components/shared-meeting-view';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiRequestError } from '@/lib/api-client';
import NotFoundRoute from './not-found';

/** The shared page's states: loading, not found, password, failed, the meeting. */
export default function SharedRoute() {
  const { token = '' } = useParams();
  const page = useSharedMeeting(token);
  const [gone, setGone] = useState(false);
  const title = page.data && 'title' in page.data ? page.data.title : null;
  useDocumentTitle(title ? `${title} - Summy` : 'Shared meeting - Summy');
  const notFound = page.error instanceof ApiRequestError && page.error.status === 404;
  if (gone || notFound) return <NotFoundRoute />;
  if (page.isPending) return <FullPageSpinner />;
  if (page.isError)
    return (
      <SharedFrame>
        <div className="flex flex-col items-start gap-3 py-10">
          <h1 className="text-xl font-semibold tracking-tight">Could not open the link</h1>
          <p className="text-sm text-muted-foreground">
            {page.error instanceof ApiRequestError ? page.error.details : page.error.message}
          </p>
          <Button variant="outline" onClick={() => void page.refetch()}>
            Try again
          </Button>
        </div>
      </SharedFrame>
    );
  if ('passwordRequired' in page.data)
    return <SharePasswordForm token={token} onGone={() => setGone(true)} />;
  return <SharedMeetingView meeting={page.data} />;
}
