/**
 * The live feature's draft transcript where the recorder and the meeting view show it, composed
 * here because features do not know each other (docs/product.md#live-transcript). Its code loads
 * once a recording starts, or a meeting being recorded or processed opens in Transcript mode, so
 * the pages' first JavaScript does not carry it (bench/web budget).
 */
import type { Meeting } from '@summy/core';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { RecorderNotesContext } from '@/features/recorder/components/recorder-panel';

const LiveTranscript = lazy(() =>
  import('@/features/live/components/live-transcript').then((m) => ({
    default: m.LiveTranscript,
  })),
);

/** The recorder panel's `live` slot: under its controls while recording. */
export function recorderLive({ meetingId }: RecorderNotesContext) {
  return (
    <Suspense fallback={<div className="min-h-24 rounded-2xl border" aria-busy="true" />}>
      <LiveTranscript meetingId={meetingId} place="recorder" />
    </Suspense>
  );
}

/**
 * The meeting view's `liveTranscript` slot: in Transcript mode until the transcript is saved. A
 * live citation's link (`#live-{seq}`) scrolls to its row.
 */
export function meetingLive(meeting: Meeting) {
  return <MeetingLive meetingId={meeting.id} />;
}

function MeetingLive({ meetingId }: { meetingId: string }) {
  const { hash } = useLocation();
  return (
    <Suspense>
      <LiveTranscript meetingId={meetingId} place="meeting" hash={hash} />
    </Suspense>
  );
}
