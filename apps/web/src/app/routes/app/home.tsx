import { lazy, Suspense } from 'react';
import { Page } from '@/components/layouts/page';
import { useChat } from '@/features/chat/hooks/use-chat';
import { RecorderPanel } from '@/features/recorder/components/recorder-panel';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { recorderLive } from './live-transcript';
import { recorderNotes } from './recorder-notes';

// The transcription feature's first-run prompt, loaded after the page is shown (bench/web budget).
const TranscriptionNotice = lazy(
  () => import('@/features/transcription/components/transcription-notice'),
);

// The dashboard sits below the recorder and waits on three requests of its own, so its code (about
// 9 KB gzip: calendar formatting, meeting rows, to-dos) loads beside the route rather than before
// it (bench/web budget); the fetch starts as soon as this module runs.
const HomeDashboard = lazyWithPreload(() =>
  import('./home-dashboard').then((m) => m.HomeDashboard),
);
void HomeDashboard.preload();

/**
 * / and /home, titled 'Home' (docs/product.md#home): the recorder panel, ready to record or upload
 * ("No meeting active"), whose Chat button opens the Meeting Assistant about the meeting being
 * recorded, with My notes beside it and, while recording, the live draft transcript under its
 * controls; then the dashboard (recent meetings, upcoming events, recent to-dos).
 */
export default function HomeRoute() {
  const { openChat } = useChat();
  return (
    <Page
      heading="Home"
      title="Home - Summy"
      description="Record a meeting or upload a recording to get a transcript, summary and action items."
    >
      <RecorderPanel
        onChat={(meetingId) => openChat({ meetingIds: [meetingId], preferredMode: 'sidebar' })}
        notes={recorderNotes}
        live={recorderLive}
        notice={
          <Suspense>
            <TranscriptionNotice />
          </Suspense>
        }
      />
      <Suspense fallback={<div className="min-h-64" aria-busy="true" />}>
        <HomeDashboard />
      </Suspense>
    </Page>
  );
}
