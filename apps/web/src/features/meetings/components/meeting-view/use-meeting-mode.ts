/**
 * Which mode the meeting view shows and which transcript turn it points at. The address picks
 * them (`?view=&turn=`, see meeting-link.ts) when the view opens and on every later navigation
 * that names a valid mode or turn; the bottom bar picks them otherwise and keeps `view` in the
 * address up to date without adding history entries.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  DEFAULT_MEETING_MODE,
  parseMeetingLink,
  withCitedTurn,
  withMeetingMode,
  type MeetingMode,
} from './meeting-link';
import type { CitedTurn } from './meeting-transcript';

/** Marks the address changes the bottom bar makes, which must not be read back as a link. */
const FROM_MODE_BAR = 'summyMeetingModeBar';

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

/** Options of {@link useMeetingMode}. */
export interface MeetingModeOptions {
  /** How many transcript turns the meeting has (a link's `turn` must be below it). */
  turnCount: number;
  /** The view's scrolling element: each mode starts at its top. */
  scrollElement: HTMLElement | null;
  /** Opens the meeting assistant; called once each time the person switches to Ask. */
  onAsk?: (question?: string) => void;
}

/** What {@link useMeetingMode} gives. */
export interface MeetingModeState {
  mode: MeetingMode;
  /** The turn a link cited, to scroll to and highlight; null once another mode is picked. */
  cited: CitedTurn | null;
  /** The bottom bar's choice. */
  selectMode: (value: MeetingMode) => void;
  /** Shows transcript turn `index`, scrolled to and highlighted, as a link to it would. */
  showTurn: (index: number) => void;
}

/** The view's mode and cited turn, from the address and the bottom bar. */
export function useMeetingMode({
  turnCount,
  scrollElement,
  onAsk,
}: MeetingModeOptions): MeetingModeState {
  // A citation clicked while this meeting is open changes only the search; clicking it again is
  // a new navigation with a new key, so it scrolls again.
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const afterPaint = useAfterPaint();
  const [initialLink] = useState(() => parseMeetingLink(searchParams, turnCount));
  const [mode, setMode] = useState<MeetingMode>(initialLink?.mode ?? DEFAULT_MEETING_MODE);
  const [cited, setCited] = useState<CitedTurn | null>(() =>
    initialLink?.turn != null ? { index: initialLink.turn, key: location.key } : null,
  );
  const [linkKey, setLinkKey] = useState(location.key);
  const [linkScrollKey, setLinkScrollKey] = useState<string | null>(null);
  if (linkKey !== location.key) {
    setLinkKey(location.key);
    const fromModeBar = (location.state as Record<string, unknown> | null)?.[FROM_MODE_BAR];
    const link = fromModeBar ? null : parseMeetingLink(searchParams, turnCount);
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

  // Through the address, as a citation link: the link handling above switches mode and turn.
  // Replaced, not pushed, like the bottom bar's choices: Back leaves the meeting.
  const showTurn = (index: number) => {
    setSearchParams((previous) => withCitedTurn(previous, index), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return { mode, cited, selectMode, showTurn };
}
