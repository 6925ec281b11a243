import { lazy, Suspense } from 'react';
import { Page } from '@/components/layouts/page';
import { useChat } from '@/features/chat/hooks/use-chat';
import { RecorderPanel } from '@/features/recorder/components/recorder-panel';

// The transcription feature's first-run prompt (issue 12 point 3), loaded after the page is shown
// (bench/web budget).
const TranscriptionNotice = lazy(
  () => import('@/features/transcription/components/transcription-notice'),
);

/**
 * / and /home: the recorder panel, ready to record or upload (spec 000 section 2 "Recorder panel":
 * "No meeting active"); its Chat button opens the Meeting Assistant about the meeting being
 * recorded.
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
        notice={
          <Suspense>
            <TranscriptionNotice />
          </Suspense>
        }
      />
    </Page>
  );
}
