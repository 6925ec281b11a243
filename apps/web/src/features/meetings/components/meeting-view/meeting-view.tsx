/**
 * The meeting detail view at /meeting/{meetingId} (spec 000 section 2 "Meeting view"): header,
 * the Summary, Action Items, Transcript and Ask modes switched by a bottom bar, the recording's
 * player, spinners while generation is in progress (section 4 "Completeness and placeholders"),
 * and the page title '{meeting title} - Summy'. The address can pick the mode and a cited
 * transcript turn (`?view=&turn=`, see meeting-link.ts); the bottom bar keeps `view` up to date.
 */
import { isNotYetGenerated, parseTranscript, type Meeting } from '@summy/core';
import {
  CircleAlert,
  Loader2,
  ListChecks,
  MessageSquareText,
  NotebookText,
  SearchX,
  TextQuote,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useToastClearance } from '@/hooks/use-toast-clearance';
import { ApiRequestError } from '@/lib/api-client';
import { useMeetingProgress } from '@/lib/realtime';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { cn } from '@/lib/utils';
import { useAudioUrl } from '@/features/meetings/api/get-audio-url';
import { meetingQueryKey, useMeeting } from '@/features/meetings/api/get-meeting';
import { MeetingHeader } from './meeting-header';
import { MeetingSummary } from './meeting-summary';
import {
  DEFAULT_MEETING_MODE,
  parseMeetingLink,
  withMeetingMode,
  type MeetingMode,
} from './meeting-link';
import { activeTurnIndex, turnStarts } from './meeting-time';
import type { ActionItemActionSlot } from './meeting-action-items';
import type { CitedTurn } from './meeting-transcript';
import { speakerColorSlots } from './speaker-avatar';

// Modes other than the default Summary load when first opened (Radix mounts only the active tab),
// keeping them out of the meeting page's initial JavaScript (bench/web).
const MeetingActionItems = lazyWithPreload(() =>
  import('./meeting-action-items').then((m) => m.MeetingActionItems),
);
const MeetingTranscript = lazyWithPreload(() =>
  import('./meeting-transcript').then((m) => m.MeetingTranscript),
);
const MeetingAsk = lazyWithPreload(() => import('./meeting-ask').then((m) => m.MeetingAsk));
// The player appears a moment after the header (its chunk is small and usually cached).
const AudioPlayer = lazy(() => import('./audio-player').then((m) => ({ default: m.AudioPlayer })));

/** Fetches the modes' code while the browser is idle, so a first click does not wait for it. */
function usePrefetchModes() {
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

/**
 * Runs a task once the next frame has been painted. A newer task replaces a waiting one, and
 * unmounting cancels it (so a late address update cannot pull the person back to this page).
 */
function useAfterPaint(): (task: () => void) => void {
  const pending = useRef<{ frame: number; timer?: number } | null>(null);
  const cancel = useCallback(() => {
    if (!pending.current) return;
    cancelAnimationFrame(pending.current.frame);
    window.clearTimeout(pending.current.timer);
    pending.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);
  return useCallback(
    (task: () => void) => {
      cancel();
      const entry: { frame: number; timer?: number } = { frame: 0 };
      // The frame callback runs just before the paint; a timer from it runs just after.
      entry.frame = requestAnimationFrame(() => {
        entry.timer = window.setTimeout(() => {
          pending.current = null;
          task();
        }, 0);
      });
      pending.current = entry;
    },
    [cancel],
  );
}

/** Shown for the moment a mode's code is loading (from cache after the first time). */
function ModeLoading() {
  return (
    <div role="status" aria-label="Loading" className="flex justify-center py-16">
      <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

/** The view's modes, in the bottom bar's order (values as in `?view=`). */
export const MEETING_MODES = [
  { value: 'summary', label: 'Summary', icon: NotebookText },
  { value: 'actions', label: 'Action Items', icon: ListChecks },
  { value: 'transcript', label: 'Transcript', icon: TextQuote },
  { value: 'ask', label: 'Ask', icon: MessageSquareText },
] as const satisfies readonly { value: MeetingMode; label: string; icon: ComponentType }[];

/** One of {@link MEETING_MODES}; defined beside the address rules (meeting-link.ts). */
export type { MeetingMode };

/** Marks the address changes the bottom bar makes, which must not be read back as a link. */
const FROM_MODE_BAR = 'summyMeetingModeBar';

/** Props of {@link MeetingView}. */
export interface MeetingViewProps {
  meetingId: string;
  /**
   * Opens the meeting assistant about this meeting, asking `question` when given (Ask mode's
   * buttons; also called once each time the person switches to Ask). Without it Ask mode's
   * buttons are disabled.
   */
  onAsk?: (question?: string) => void;
  /**
   * Drawn under the header for the loaded meeting: the transcription feature's first-run prompt
   * and re-transcribe offer (issue 12 point 3), composed by the app layer. `onMeetingChange`
   * puts a meeting answered by another feature's call (re-transcription started) in the view.
   */
  notice?: (meeting: Meeting, onMeetingChange: (next: Meeting) => void) => ReactNode;
  /**
   * The header's 'Link calendar event' control for the loaded meeting (issue 13 point 6), composed
   * by the app layer from the calendar-link feature; drawn only while the meeting is unlinked.
   * `onMeetingChange` puts the linked meeting in the view.
   */
  calendarLink?: (meeting: Meeting, onMeetingChange: (next: Meeting) => void) => ReactNode;
  /**
   * An extra control on each action item not yet sent to Linear (issue 14 'Send to Linear'),
   * composed by the app layer from the Linear feature; `describedBy` is the id of the item's
   * title. Revealed with the row's other controls on hover or focus.
   */
  actionItemAction?: ActionItemActionSlot;
  /**
   * A control in the summary's top row for the loaded meeting: the app layer's 'Regenerate
   * summary' (issue 15 point 4, from the ai-preferences feature). `onMeetingChange` puts the
   * meeting the server answered (regenerating) in the view.
   */
  summaryAction?: (meeting: Meeting, onMeetingChange: (next: Meeting) => void) => ReactNode;
}

/**
 * The whole meeting view: loads the meeting, then draws it; a skeleton while loading, 'Failed to
 * load meeting details' with a retry on failure, and a not-found state for a missing meeting.
 */
export function MeetingView({
  meetingId,
  onAsk,
  notice,
  calendarLink,
  actionItemAction,
  summaryAction,
}: MeetingViewProps) {
  const query = useMeeting(meetingId);
  useDocumentTitle(query.data ? `${query.data.title} - Summy` : 'Meeting - Summy');

  if (query.isPending) return <MeetingSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) {
      return <MeetingNotFound />;
    }
    return <MeetingLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  // Keyed so a different meeting starts in the mode its address names, with a fresh player.
  return (
    <LoadedMeeting
      key={meetingId}
      meeting={query.data}
      onAsk={onAsk}
      notice={notice}
      calendarLink={calendarLink}
      actionItemAction={actionItemAction}
      summaryAction={summaryAction}
    />
  );
}

function LoadedMeeting({
  meeting,
  onAsk,
  notice,
  calendarLink,
  actionItemAction,
  summaryAction,
}: {
  meeting: Meeting;
  onAsk?: (question?: string) => void;
  notice?: MeetingViewProps['notice'];
  calendarLink?: MeetingViewProps['calendarLink'];
  actionItemAction?: ActionItemActionSlot;
  summaryAction?: MeetingViewProps['summaryAction'];
}) {
  usePrefetchModes();
  const queryClient = useQueryClient();
  const replaceMeeting = useCallback(
    (next: Meeting) => queryClient.setQueryData(meetingQueryKey(next.id), next),
    [queryClient],
  );
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const progress = useMeetingProgress(meeting.id);
  const busy = meeting.isProcessing || meeting.isRecording;
  const label = busy ? progress : null;

  const turns = useMemo(() => parseTranscript(meeting.transcript), [meeting.transcript]);
  const colorSlots = useMemo(() => speakerColorSlots(turns), [turns]);

  // The address picks the mode and the cited turn: at first, and again on every navigation that
  // names a valid mode or turn (a citation clicked while this meeting is open changes only the
  // search; clicking it again is a new navigation with a new key, so it scrolls again).
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const afterPaint = useAfterPaint();
  const [initialLink] = useState(() => parseMeetingLink(searchParams, turns.length));
  const [mode, setMode] = useState<MeetingMode>(initialLink?.mode ?? DEFAULT_MEETING_MODE);
  const [cited, setCited] = useState<CitedTurn | null>(() =>
    initialLink?.turn != null ? { index: initialLink.turn, key: location.key } : null,
  );
  const [linkKey, setLinkKey] = useState(location.key);
  const [linkScrollKey, setLinkScrollKey] = useState<string | null>(null);
  if (linkKey !== location.key) {
    setLinkKey(location.key);
    const fromModeBar = (location.state as Record<string, unknown> | null)?.[FROM_MODE_BAR];
    const link = fromModeBar ? null : parseMeetingLink(searchParams, turns.length);
    if (link) {
      setMode(link.mode);
      setCited(link.turn != null ? { index: link.turn, key: location.key } : null);
      // Without a turn to scroll to, the mode starts at the top, as from the bottom bar.
      if (link.turn == null) setLinkScrollKey(location.key);
    }
  }
  useEffect(() => {
    if (linkScrollKey) scrollElement?.scrollTo({ top: 0 });
  }, [linkScrollKey, scrollElement]);

  // Radix reports one click twice (mousedown, then focus, before the transition below has
  // committed): the mode last asked for tells the repeat apart, so Ask opens the assistant once.
  const requestedMode = useRef(mode);
  useEffect(() => {
    requestedMode.current = mode;
  }, [mode]);

  const selectMode = (value: MeetingMode) => {
    if (value === requestedMode.current) return;
    requestedMode.current = value;
    // A transition keeps the current mode on screen until the next one's code is there, instead
    // of flashing a fallback (React holds revealed fallbacks for 300 ms).
    startTransition(() => {
      setMode(value);
      setCited(null);
    });
    // Each mode starts at the top rather than at the previous mode's scroll position.
    scrollElement?.scrollTo({ top: 0 });
    // Replaced, not pushed: Back leaves the meeting rather than stepping through its tabs. After
    // the new mode is painted, since a navigation re-renders the whole route tree (sidebar too);
    // skipped if the address moved on meanwhile (a citation followed), which it would undo.
    const from = window.location.href;
    afterPaint(() => {
      if (window.location.href !== from) return;
      setSearchParams((previous) => withMeetingMode(previous, value), {
        replace: true,
        preventScrollReset: true,
        state: { [FROM_MODE_BAR]: true },
      });
    });
    if (value === 'ask') onAsk?.();
  };

  const hasAudio = Boolean(meeting.audioUrl);
  const audioUrl = useAudioUrl(meeting.id, { enabled: hasAudio });
  const audioRef = useRef<HTMLAudioElement>(null);
  const [fileDuration, setFileDuration] = useState(0);
  const lastTurnEnd = meeting.turnTimes.reduce((max, time) => Math.max(max, time.end), 0);
  const durationSeconds =
    fileDuration > 0 ? fileDuration : Math.max(lastTurnEnd, meeting.duration * 60);

  const starts = useMemo(
    () => turnStarts(turns, meeting.transcript?.length ?? 0, meeting.turnTimes, durationSeconds),
    [turns, meeting.transcript, meeting.turnTimes, durationSeconds],
  );

  const [activeIndex, setActiveIndex] = useState(-1);
  const onTime = useCallback(
    (seconds: number, playing: boolean) => {
      const audio = audioRef.current;
      if (audio && Number.isFinite(audio.duration) && audio.duration > 0) {
        setFileDuration(audio.duration);
      }
      // Highlight a turn only once playback has started, not at 00:00 on a fresh page.
      setActiveIndex(playing || seconds > 0 ? activeTurnIndex(starts, seconds) : -1);
    },
    [starts],
  );

  const playTurn = useCallback(
    (index: number) => {
      const audio = audioRef.current;
      const start = starts[index];
      if (!audio || !start) return;
      audio.currentTime = start.start;
      void audio.play().catch(() => undefined);
    },
    [starts],
  );

  const renewAudioUrl = useCallback(() => void audioUrl.refetch(), [audioUrl]);
  const toastClearance = useToastClearance();
  const showPlayer = hasAudio && !audioUrl.isError;

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
          />
          {notice?.(meeting, replaceMeeting)}
          <div className="h-px bg-border" aria-hidden="true" />

          <Tabs.Content value="summary" className="outline-none">
            <MeetingSummary
              summary={meeting.summary}
              topics={meeting.topics}
              generating={busy && isNotYetGenerated(meeting.summary)}
              progress={label}
              regenerating={meeting.summaryRegenerating}
              action={summaryAction?.(meeting, replaceMeeting)}
            />
          </Tabs.Content>
          <Tabs.Content value="actions" className="outline-none">
            <Suspense fallback={<ModeLoading />}>
              <MeetingActionItems
                meetingId={meeting.id}
                items={meeting.actionItems}
                generating={busy}
                progress={label}
                itemAction={actionItemAction}
              />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="transcript" className="outline-none">
            <Suspense fallback={<ModeLoading />}>
              <MeetingTranscript
                turns={turns}
                starts={starts}
                colorSlots={colorSlots}
                scrollElement={scrollElement}
                generating={busy && isNotYetGenerated(meeting.transcript)}
                progress={label}
                onPlayTurn={showPlayer ? playTurn : undefined}
                activeIndex={activeIndex}
                cited={cited}
              />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="ask" className="outline-none">
            <Suspense fallback={<ModeLoading />}>
              <MeetingAsk topics={meeting.topics} onAsk={onAsk} />
            </Suspense>
          </Tabs.Content>
        </div>
      </div>

      <div
        ref={toastClearance}
        className="shrink-0 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/80"
      >
        {/* A container: the labels sit beside their icons only when the bar itself is wide
            enough, which the viewport does not tell once the assistant is docked beside it. */}
        <div className="@container mx-auto flex w-full max-w-3xl flex-col gap-2 px-3 pt-2 pb-2 sm:px-5 md:px-10">
          {showPlayer && (
            <Suspense>
              <AudioPlayer
                audioRef={audioRef}
                src={audioUrl.data?.url}
                fallbackDuration={Math.max(lastTurnEnd, meeting.duration * 60)}
                onExpired={renewAudioUrl}
                onTime={onTime}
                className="px-1"
              />
            </Suspense>
          )}
          <ModeBar />
        </div>
      </div>
    </Tabs.Root>
  );
}

/** The bottom bar: a tab list (arrow keys move between modes, Tab leaves it). */
function ModeBar() {
  return (
    <Tabs.List
      aria-label="Meeting view"
      className="grid w-full grid-cols-4 gap-1 rounded-xl bg-muted p-1"
    >
      {MEETING_MODES.map(({ value, label, icon: Icon }) => (
        <Tabs.Trigger
          key={value}
          value={value}
          className={cn(
            'flex min-w-0 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-lg px-1 py-1.5 text-[11px] font-medium text-muted-foreground transition-colors outline-none @xl:flex-row @xl:gap-2 @xl:py-2 @xl:text-sm',
            'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-input/40',
          )}
        >
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{label}</span>
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

function MeetingSkeleton() {
  return (
    <div role="status" aria-label="Loading meeting" className="flex h-full flex-col">
      <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-5 px-5 pt-6 md:px-10 md:pt-10">
        <div className="h-4 w-64 animate-pulse rounded bg-muted" />
        <div className="h-8 w-3/4 animate-pulse rounded bg-muted" />
        <div className="flex gap-2">
          {[80, 96, 72].map((width) => (
            <div
              key={width}
              className="h-5 animate-pulse rounded-full bg-muted"
              style={{ width }}
            />
          ))}
        </div>
        <div className="my-2 h-px bg-border" />
        {[100, 94, 97, 60].map((width, index) => (
          <div
            key={index}
            className="h-4 animate-pulse rounded bg-muted"
            style={{ width: `${width}%` }}
          />
        ))}
      </div>
      <div className="shrink-0 border-t px-3 py-2">
        <div className="mx-auto h-11 w-full max-w-3xl animate-pulse rounded-xl bg-muted md:px-10" />
      </div>
    </div>
  );
}

function MeetingLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex h-full flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <div className="flex size-11 items-center justify-center rounded-xl border bg-destructive/10 text-destructive">
        <CircleAlert className="size-5" aria-hidden="true" />
      </div>
      <p className="text-sm font-medium">Failed to load meeting details</p>
      <p className="max-w-xs text-sm text-balance text-muted-foreground">
        Check your connection and try again.
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} className="mt-1">
        Try again
      </Button>
    </div>
  );
}

function MeetingNotFound() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <div className="flex size-11 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
        <SearchX className="size-5" aria-hidden="true" />
      </div>
      <h1 className="text-base font-semibold">Meeting not found</h1>
      <p className="max-w-xs text-sm text-balance text-muted-foreground">
        This meeting does not exist or has been deleted.
      </p>
      <Button asChild variant="outline" size="sm" className="mt-1">
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
