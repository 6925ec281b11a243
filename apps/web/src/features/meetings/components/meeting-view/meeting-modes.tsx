/**
 * The meeting view's four modes as tab panels: Summary, Action Items, Transcript and Ask. Modes
 * other than the default Summary load when first opened (Radix mounts only the active tab), which
 * keeps them out of the meeting page's initial JavaScript; their code is fetched while the browser
 * is idle so a first click does not wait for it.
 */
import {
  isNotYetGenerated,
  type Meeting,
  type ProgressLabel,
  type TranscriptTurn,
} from '@summy/core';
import { Loader2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Suspense, useEffect, type ReactNode } from 'react';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import type { ActionItemActionSlot } from './meeting-action-items';
import { useMeetingSeries } from '@/features/meetings/api/get-meeting-series';
import { LastTime } from './last-time';
import { busyLabelOf } from './panel-states';
import { MeetingSummary } from './meeting-summary';
import { SummaryOrNotes } from './summary-or-notes';
import type { CitedTurn } from './meeting-transcript';
import type { MeetingPlayback } from './use-meeting-playback';

const MeetingActionItems = lazyWithPreload(() =>
  import('./meeting-action-items').then((m) => m.MeetingActionItems),
);
const MeetingTranscript = lazyWithPreload(() =>
  import('./meeting-transcript').then((m) => m.MeetingTranscript),
);
const MeetingAsk = lazyWithPreload(() => import('./meeting-ask').then((m) => m.MeetingAsk));

/** Fetches the modes' code while the browser is idle, so a first click does not wait for it. */
export function usePrefetchModes(): void {
  useEffect(() => {
    const prefetch = () => {
      void MeetingTranscript.preload();
      void MeetingActionItems.preload();
      void MeetingAsk.preload();
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 500);
    return () => clearTimeout(id);
  }, []);
}

/** Shown for the moment a mode's code is loading (from cache after the first time). */
function ModeLoading() {
  return (
    <div role="status" aria-label="Loading" className="flex justify-center py-16">
      <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

/** Props of {@link MeetingModes}. */
export interface MeetingModesProps {
  meeting: Meeting;
  /** True while the meeting records or processes: empty parts show a spinner, not a message. */
  busy: boolean;
  /** The pipeline's current step while busy, else null. */
  progress: ProgressLabel | null;
  /** The transcript's turns, parsed once by the view. */
  turns: readonly TranscriptTurn[];
  /** Each speaker's avatar colour slot. */
  colorSlots: ReadonlyMap<string, number>;
  /** The view's scrolling element (the transcript is virtualised against it). */
  scrollElement: HTMLElement | null;
  playback: MeetingPlayback;
  /** The turn a link cited, to scroll to and highlight. */
  cited: CitedTurn | null;
  /** Shows transcript turn `index` (a citation of the written notes followed). */
  onShowTurn?: (index: number) => void;
  /** See MeetingViewProps.onAsk. */
  onAsk?: (question?: string, meetingIds?: readonly string[]) => void;
  /** See MeetingViewProps.actionItemAction. */
  actionItemAction?: ActionItemActionSlot;
  /** The summary's top-row control for this meeting, already composed. */
  summaryAction?: ReactNode;
  /** Opens the rename dialog for a speaker as shown; absent while names cannot change. */
  onRenameSpeaker?: (speaker: string) => void;
  /** See MeetingViewProps.myNotes, already composed. */
  myNotes?: ReactNode;
  /** See MeetingViewProps.liveTranscript, already composed; only while busy. */
  liveTranscript?: ReactNode;
}

/** The four tab panels; must sit inside the view's `Tabs.Root`. */
export function MeetingModes({
  meeting,
  busy,
  progress,
  turns,
  colorSlots,
  scrollElement,
  playback,
  cited,
  onShowTurn,
  onAsk,
  actionItemAction,
  summaryAction,
  onRenameSpeaker,
  myNotes,
  liveTranscript,
}: MeetingModesProps) {
  // The series settles once the meeting is processed ('Last time', the assistant's scope).
  const series = useMeetingSeries(meeting.id, !busy).data;
  // A citation of the written notes plays from its turn (when there is audio) and shows the turn.
  const citeTurn = (index: number) => {
    if (playback.showPlayer) playback.playTurn(index);
    onShowTurn?.(index);
  };
  return (
    <>
      <Tabs.Content value="summary" className="flex flex-col gap-6 outline-none">
        <LastTime meetingId={meeting.id} series={series} />
        <SummaryOrNotes summary={meeting.summary} busy={busy} notes={myNotes}>
          <MeetingSummary
            summary={meeting.summary}
            topics={meeting.topics}
            generating={busy && isNotYetGenerated(meeting.summary)}
            progress={busyLabelOf(meeting, progress)}
            regenerating={meeting.summaryRegenerating}
            action={summaryAction}
            writtenNotes={meeting.writtenNotes}
            starts={playback.starts}
            onCite={citeTurn}
            canPlay={playback.showPlayer}
          />
        </SummaryOrNotes>
      </Tabs.Content>
      <Tabs.Content value="actions" className="outline-none">
        <Suspense fallback={<ModeLoading />}>
          <MeetingActionItems
            meetingId={meeting.id}
            items={meeting.actionItems}
            generating={busy}
            progress={busyLabelOf(meeting, progress)}
            itemAction={actionItemAction}
          />
        </Suspense>
      </Tabs.Content>
      <Tabs.Content value="transcript" className="outline-none">
        <Suspense fallback={<ModeLoading />}>
          <MeetingTranscript
            turns={turns}
            starts={playback.starts}
            colorSlots={colorSlots}
            scrollElement={scrollElement}
            generating={busy && isNotYetGenerated(meeting.transcript)}
            progress={busyLabelOf(meeting, progress)}
            onPlayTurn={playback.showPlayer ? playback.playTurn : undefined}
            activeIndex={playback.activeIndex}
            cited={cited}
            onRenameSpeaker={onRenameSpeaker}
            capture={meeting.capture}
            meetingId={meeting.id}
            editable={!busy}
            live={liveTranscript}
          />
        </Suspense>
      </Tabs.Content>
      <Tabs.Content value="ask" className="outline-none">
        <Suspense fallback={<ModeLoading />}>
          <MeetingAsk topics={meeting.topics} onAsk={onAsk} series={series?.series ?? null} />
        </Suspense>
      </Tabs.Content>
    </>
  );
}
