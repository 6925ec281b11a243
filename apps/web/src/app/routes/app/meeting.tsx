import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useChat } from '@/features/chat/hooks/use-chat';
import type { ShareDialogSlot } from '@/features/meetings/components/meeting-view/meeting-actions-menu';
import { MeetingView } from '@/features/meetings/components/meeting-view/meeting-view';
import { useRecorder } from '@/features/recorder/hooks/use-recorder';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { meetingLive, recorderLive } from './live-transcript';
import { recorderNotes } from './recorder-notes';

// The transcription feature's first-run prompt and re-transcribe offer, loaded after the page is
// shown (bench/web budget).
const TranscriptionNotice = lazy(
  () => import('@/features/transcription/components/transcription-notice'),
);

// The header's 'Link calendar event' popover, loaded after the page is shown (bench/web budget); it
// draws nothing where Google is not configured.
const MeetingCalendarLink = lazy(() => import('./meeting-calendar-link'));

// 'Send to Linear' on each action item, loaded once action items are shown (bench/web budget); it
// draws nothing unless Linear is configured and connected.
const MeetingSendToLinear = lazy(() => import('./meeting-send-to-linear'));

// 'Regenerate summary' with its dialog, loaded after the page is shown (bench/web budget). The
// run's end is announced by the server's notice, a toast like the pipeline's (lib/realtime.ts).
const RegenerateSummary = lazy(
  () => import('@/features/ai-preferences/components/regenerate-summary-dialog'),
);

// My notes on the meeting page (Summary mode's 'Show' toggle), loaded when first shown: the
// editor is the largest chunk of the page (bench/web budget).
const MyNotes = lazy(() => import('@/features/notes/components/my-notes'));

// The Share dialog, loaded when the menu's 'Share' first opens it.
const ShareDialog = lazy(() => import('@/features/shares/components/share-dialog'));

/** The shares feature's dialog, drawn (and its code loaded) only while open. */
const meetingShareDialog: ShareDialogSlot = (props) =>
  props.open ? (
    <Suspense>
      <ShareDialog {...props} />
    </Suspense>
  ) : null;

// A meeting shared with the person, read-only; loaded only when the meeting is not theirs.
const ViewedMeeting = lazy(() => import('./viewed-meeting'));

/** The meeting read-only when shared with the person, else `notFoundState`. */
const viewedMeeting = (meetingId: string, notFoundState: ReactNode) => (
  <Suspense>
    <ViewedMeeting meetingId={meetingId} notFound={notFoundState} />
  </Suspense>
);

// Contacts offered in the rename-speaker dialog, loaded when the dialog first asks for them.
const MeetingContactNames = lazy(() => import('./meeting-contact-names'));

// Only the tab that records a meeting shows its panel here; everyone else opens the meeting view,
// so the panel's code loads on demand.
const RecorderPanel = lazy(() =>
  import('@/features/recorder/components/recorder-panel').then((m) => ({
    default: m.RecorderPanel,
  })),
);

/** The recorder while this tab records (or hands over) the meeting; named like the meeting view. */
function RecordingScreen({ title }: { title: string | null }) {
  useDocumentTitle(`${title ?? 'Recording'} - Summy`);
  const { openChat } = useChat();
  return (
    <div className="flex min-h-full items-center justify-center px-4 py-8 md:px-10">
      <Suspense>
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
      </Suspense>
    </div>
  );
}

/**
 * /meeting/{meetingId}: the recorder panel while this tab is recording that meeting, and until its
 * audio is handed to the server; the meeting view otherwise (page title '{meeting title} - Summy'),
 * with the calendar-link feature's control in its header when the server has Google configured, and
 * the Linear feature's 'Send to Linear' on each action item when the server has Linear, and the
 * ai-preferences feature's 'Regenerate summary' in the summary's top row, and the notes feature's
 * My notes behind Summary mode's 'Show' toggle, and the live feature's draft transcript (in
 * Transcript mode until the transcript is saved; beside the recorder while recording). The recorder's Chat
 * button and the view's Ask mode open the Meeting Assistant about this meeting (or, picked in Ask
 * mode, about its series' meetings), docked beside it
 * unless the person has placed the panel themselves: floating, it would cover the recorder's
 * controls and the transcript turns its citations lead to. A meeting another account shared with
 * the person opens read-only (the shares feature's view) where the meeting view would say not
 * found.
 */
export default function MeetingRoute() {
  const { meetingId = '' } = useParams();
  const recorder = useRecorder();
  const { openChat } = useChat();
  const recordingHere =
    recorder.meetingId === meetingId &&
    (recorder.state === 'recording' ||
      recorder.state === 'paused' ||
      recorder.state === 'processing');
  if (recordingHere) return <RecordingScreen title={recorder.title} />;
  return (
    <MeetingView
      key={meetingId}
      meetingId={meetingId}
      onAsk={(question, meetingIds) =>
        openChat({
          meetingIds: meetingIds ? [...meetingIds] : [meetingId],
          question,
          preferredMode: 'sidebar',
        })
      }
      notice={(meeting, onMeetingChange) => (
        <Suspense>
          <TranscriptionNotice
            meeting={{
              meetingId: meeting.id,
              transcribedBy: meeting.transcription?.provider,
              busy: meeting.isProcessing || meeting.isRecording,
              onStarted: onMeetingChange,
            }}
          />
        </Suspense>
      )}
      summaryAction={(meeting, onMeetingChange) => (
        <Suspense>
          <RegenerateSummary meeting={meeting} onStarted={onMeetingChange} />
        </Suspense>
      )}
      calendarLink={(meeting, onMeetingChange) => (
        <Suspense>
          <MeetingCalendarLink
            meetingId={meeting.id}
            meetingDate={meeting.date}
            onLinked={onMeetingChange}
          />
        </Suspense>
      )}
      liveTranscript={meetingLive}
      shareDialog={meetingShareDialog}
      notFound={(notFoundState) => viewedMeeting(meetingId, notFoundState)}
      myNotes={(meeting) => (
        <Suspense fallback={<div className="min-h-64 rounded-2xl border" aria-busy="true" />}>
          <MyNotes
            meetingId={meeting.id}
            // Written on the page of a meeting another tab records: during, at an unknown time.
            stamp={meeting.isRecording ? { phase: 'during', t: null } : { phase: 'after', t: null }}
          />
        </Suspense>
      )}
      speakerNameSuggestions={(query, pick) => (
        <Suspense>
          <MeetingContactNames query={query} onPick={pick} />
        </Suspense>
      )}
      actionItemAction={(item, describedBy) => (
        <Suspense>
          <MeetingSendToLinear
            meetingId={meetingId}
            todoId={item.id}
            title={item.title}
            linearIssueUrl={item.linearIssueUrl}
            describedBy={describedBy}
          />
        </Suspense>
      )}
    />
  );
}
