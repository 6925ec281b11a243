/**
 * The meeting detail view at /meeting/{meetingId}: header, the Summary, Action Items, Transcript
 * and Ask modes switched by a bottom bar, the recording's player, spinners while generation is in
 * progress, and the page title '{meeting title} - Summy'. The address can pick the mode and a cited
 * transcript turn (`?view=&turn=`, see meeting-link.ts); the bottom bar keeps `view` up to date.
 */
import { parseTranscript, speakerName, type Meeting } from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiRequestError } from '@/lib/api-client';
import { useMeetingProgress } from '@/lib/realtime';
import { meetingQueryKey, useMeeting } from '@/features/meetings/api/get-meeting';
import type { ActionItemActionSlot } from './meeting-action-items';
import { MeetingBottomBar } from './meeting-bottom-bar';
import { MeetingHeader } from './meeting-header';
import type { ShareDialogSlot } from './meeting-actions-menu';
import type { MeetingMode } from './meeting-link';
import { MeetingModes, usePrefetchModes } from './meeting-modes';
import { MeetingLoadError, MeetingNotFound, MeetingSkeleton } from './meeting-view-states';
import { RenameSpeakerDialog, type SpeakerNameSuggestions } from './rename-speaker-dialog';
import { speakerColorSlots } from './speaker-avatar';
import { SpeakerSuggestions } from './speaker-suggestions';
import { useMeetingMode } from './use-meeting-mode';
import { useMeetingPlayback } from './use-meeting-playback';

export { MEETING_MODES, type MeetingMode } from './meeting-bottom-bar';

/** Props of {@link MeetingView}. */
export interface MeetingViewProps {
  meetingId: string;
  /**
   * Opens the meeting assistant about this meeting, or about the meetings of `meetingIds` (its
   * series, when the person picked 'This series'), asking `question` when given (Ask mode's
   * buttons; also called once each time the person switches to Ask). Without it Ask mode's
   * buttons are disabled.
   */
  onAsk?: (question?: string, meetingIds?: readonly string[]) => void;
  /**
   * Drawn under the header for the loaded meeting: the transcription feature's first-run prompt
   * and re-transcribe offer, composed by the app layer. `onMeetingChange` puts a meeting answered
   * by another feature's call (re-transcription started) in the view.
   */
  notice?: (meeting: Meeting, onMeetingChange: (next: Meeting) => void) => ReactNode;
  /**
   * The header's 'Link calendar event' control for the loaded meeting, composed by the app layer
   * from the calendar-link feature; drawn only while the meeting is unlinked. `onMeetingChange`
   * puts the linked meeting in the view.
   */
  calendarLink?: (meeting: Meeting, onMeetingChange: (next: Meeting) => void) => ReactNode;
  /**
   * An extra control on each action item not yet sent to Linear ('Send to Linear'), composed by
   * the app layer from the Linear feature; `describedBy` is the id of the item's title. Revealed
   * with the row's other controls on hover or focus.
   */
  actionItemAction?: ActionItemActionSlot;
  /**
   * A control in the summary's top row for the loaded meeting: the app layer's 'Regenerate
   * summary' (from the ai-preferences feature). `onMeetingChange` puts the meeting the server
   * answered (regenerating) in the view.
   */
  summaryAction?: (meeting: Meeting, onMeetingChange: (next: Meeting) => void) => ReactNode;
  /** Contacts offered as names in the rename-speaker dialog, composed by the app layer. */
  speakerNameSuggestions?: SpeakerNameSuggestions;
  /**
   * The person's own notes of the loaded meeting, editable (the notes feature's editor, composed
   * by the app layer). With it, Summary mode gets a 'Show' toggle: 'Summary' / 'My notes'.
   */
  myNotes?: (meeting: Meeting) => ReactNode;
  /**
   * The live draft transcript of the loaded meeting (the live feature's panel, composed by the app
   * layer): drawn in Transcript mode while the meeting records or is processed and has no
   * transcript yet; the transcript takes its place once saved.
   */
  liveTranscript?: (meeting: Meeting) => ReactNode;
  /**
   * The Share dialog of the loaded meeting (the shares feature's, composed by the app layer),
   * opened by the menu's 'Share' item; without it the menu has no 'Share'.
   */
  shareDialog?: ShareDialogSlot;
  /**
   * Drawn instead of the not-found state when the meeting is not the person's: the app layer's
   * read-only view of a meeting shared with them, which falls back to `notFoundState`.
   */
  notFound?: (notFoundState: ReactNode) => ReactNode;
}

/**
 * The whole meeting view: loads the meeting, then draws it; a skeleton while loading, 'Failed to
 * load meeting details' with a retry on failure, and a not-found state for a missing meeting.
 */
export function MeetingView({ meetingId, notFound, ...slots }: MeetingViewProps) {
  const query = useMeeting(meetingId);
  useDocumentTitle(query.data ? `${query.data.title} - Summy` : 'Meeting - Summy');

  if (query.isPending) return <MeetingSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) {
      return notFound ? notFound(<MeetingNotFound />) : <MeetingNotFound />;
    }
    return <MeetingLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  // Keyed so a different meeting starts in the mode its address names, with a fresh player.
  return <LoadedMeeting key={meetingId} meeting={query.data} {...slots} />;
}

/**
 * The meeting's transcript turns, each with its speaker's name, in their stored order and index
 * (times, citations); the original speaker labels heard; each speaker's avatar colour slot.
 */
function useSpeakerTurns(meeting: Meeting) {
  const labelled = useMemo(() => parseTranscript(meeting.transcript), [meeting.transcript]);
  const labels = useMemo(() => [...new Set(labelled.map((t) => t.speaker))], [labelled]);
  const turns = useMemo(
    () => labelled.map((t) => ({ ...t, speaker: speakerName(t.speaker, meeting.speakerNames) })),
    [labelled, meeting.speakerNames],
  );
  const colorSlots = useMemo(() => speakerColorSlots(turns), [turns]);
  return { labels, turns, colorSlots };
}

/** Puts a meeting another feature's call answered in the view (the query's data). */
function useReplaceMeeting() {
  const queryClient = useQueryClient();
  return useCallback(
    (next: Meeting) => queryClient.setQueryData(meetingQueryKey(next.id), next),
    [queryClient],
  );
}

type LoadedMeetingProps = Omit<MeetingViewProps, 'meetingId'> & { meeting: Meeting };

function LoadedMeeting({
  meeting,
  onAsk,
  notice,
  calendarLink,
  actionItemAction,
  summaryAction,
  speakerNameSuggestions,
  myNotes,
  liveTranscript,
  shareDialog,
}: LoadedMeetingProps) {
  usePrefetchModes();
  const replaceMeeting = useReplaceMeeting();
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const progress = useMeetingProgress(meeting.id);
  const busy = meeting.isProcessing || meeting.isRecording;

  const { labels, turns, colorSlots } = useSpeakerTurns(meeting);
  const [renaming, setRenaming] = useState<string | null>(null);
  const { mode, cited, selectMode, showTurn } = useMeetingMode({
    turnCount: turns.length,
    scrollElement,
    onAsk,
  });
  const playback = useMeetingPlayback(meeting, turns);

  return (
    <Tabs.Root
      value={mode}
      onValueChange={(value) => selectMode(value as MeetingMode)}
      className="flex h-full min-h-0 flex-col"
    >
      <div
        ref={setScrollElement}
        data-slot="meeting-scroll"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain [scrollbar-gutter:stable]"
      >
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-7 px-5 pt-6 pb-10 md:px-10 md:pt-10">
          <MeetingHeader
            meeting={meeting}
            busy={busy}
            progress={progress}
            linkControl={calendarLink?.(meeting, replaceMeeting)}
            shareDialog={shareDialog}
          />
          {notice?.(meeting, replaceMeeting)}
          <SpeakerSuggestions meeting={meeting} labels={labels} />
          <div className="h-px bg-border" aria-hidden="true" />
          <MeetingModes
            meeting={meeting}
            busy={busy}
            progress={busy ? progress : null}
            turns={turns}
            colorSlots={colorSlots}
            scrollElement={scrollElement}
            playback={playback}
            cited={cited}
            onShowTurn={showTurn}
            onAsk={onAsk}
            actionItemAction={actionItemAction}
            summaryAction={summaryAction?.(meeting, replaceMeeting)}
            myNotes={myNotes?.(meeting)}
            liveTranscript={busy ? liveTranscript?.(meeting) : undefined}
            onRenameSpeaker={busy ? undefined : setRenaming}
          />
        </div>
      </div>
      <MeetingBottomBar playback={playback} />
      <RenameSpeakerDialog
        meeting={meeting}
        labels={labels}
        speaker={busy ? null : renaming}
        onClose={() => setRenaming(null)}
        suggestions={speakerNameSuggestions}
      />
    </Tabs.Root>
  );
}
