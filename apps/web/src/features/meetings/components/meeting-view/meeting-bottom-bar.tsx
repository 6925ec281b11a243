/**
 * The meeting view's bottom bar: the recording's player above the mode bar (Summary, Action Items,
 * Transcript, Ask). It stays put while the modes scroll, and keeps toasts clear of itself.
 */
import { ListChecks, MessageSquareText, NotebookText, TextQuote } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { useToastClearance } from '@/hooks/use-toast-clearance';
import { cn } from '@/lib/utils';
import type { MeetingMode } from './meeting-link';
import type { MeetingPlayback } from './use-meeting-playback';

// The player appears a moment after the header (its chunk is small and usually cached).
const AudioPlayer = lazy(() => import('./audio-player').then((m) => ({ default: m.AudioPlayer })));

/** The view's modes, in the bottom bar's order (values as in `?view=`). */
export const MEETING_MODES = [
  { value: 'summary', label: 'Summary', icon: NotebookText },
  { value: 'actions', label: 'Action Items', icon: ListChecks },
  { value: 'transcript', label: 'Transcript', icon: TextQuote },
  { value: 'ask', label: 'Ask', icon: MessageSquareText },
] as const satisfies readonly { value: MeetingMode; label: string; icon: ComponentType }[];

/** One of {@link MEETING_MODES}; defined beside the address rules (meeting-link.ts). */
export type { MeetingMode };

/** The mode bar: a tab list (arrow keys move between modes, Tab leaves it). */
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

/** Props of {@link MeetingBottomBar}. */
export interface MeetingBottomBarProps {
  /** The meeting's playback; the player is drawn when `playback.showPlayer`. */
  playback: MeetingPlayback;
}

/** The player (when there is audio) and the mode bar; must sit inside the view's `Tabs.Root`. */
export function MeetingBottomBar({ playback }: MeetingBottomBarProps) {
  const toastClearance = useToastClearance();
  return (
    <div
      ref={toastClearance}
      className="shrink-0 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/80"
    >
      {/* A container: the labels sit beside their icons only when the bar itself is wide
          enough, which the viewport does not tell once the assistant is docked beside it. */}
      <div className="@container mx-auto flex w-full max-w-3xl flex-col gap-2 px-3 pt-2 pb-2 sm:px-5 md:px-10">
        {playback.showPlayer && (
          <Suspense>
            <AudioPlayer
              audioRef={playback.audioRef}
              src={playback.src}
              fallbackDuration={playback.fallbackDuration}
              onExpired={playback.renewAudioUrl}
              onTime={playback.onTime}
              className="px-1"
            />
          </Suspense>
        )}
        <ModeBar />
      </div>
    </div>
  );
}
