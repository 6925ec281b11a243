/**
 * Transcript mode of the meeting view: heading 'Meeting Transcript', one card per speaker turn with
 * avatar and name, 'No transcript available' when absent. Turns come from `parseTranscript`
 * (docs/product.md#meeting-view). The list is virtualized, so a 3-hour meeting (about 2,000 turns)
 * keeps only the cards near the viewport in the page and renders without jank. A citation of the
 * assistant scrolls to its turn and highlights the card for a few seconds (`data-cited`,
 * `aria-current`). A call recording's notes sit under the heading (capture-notes.tsx); its echo
 * lines, when shown, take rows of their own among the turns by time (transcript-rows.ts). Each
 * turn's 'Edit text' corrects its words in place (turn-text-editor.tsx) unless the meeting is busy.
 * Until the transcript is saved, the live draft of a recording (a slot) shows above the spinner.
 */
import type { CallCapture, TranscriptTurn } from '@summy/core';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Captions } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { CaptureNotes, TRANSCRIPT_LIST_ID } from './capture-notes';
import { EchoCard } from './echo-card';
import type { TurnStart } from './meeting-time';
import { GeneratingState, PanelEmpty, type BusyLabel } from './panel-states';
import { rowOfTurns, transcriptRows, type TranscriptRow } from './transcript-rows';
import { TurnCard } from './turn-card';
import { turnEditorOf, useTurnTextEditing } from './turn-text-editor';

/** A first guess of a card's height before it is measured (px). */
const ESTIMATED_CARD_HEIGHT = 132;

/** Space between cards (px); part of each measured row so measurement includes it. */
const CARD_GAP = 12;

/** How long a cited card stays highlighted (ms). */
export const CITED_HIGHLIGHT_MS = 4000;

/**
 * When to check again that a cited card is on screen (ms after the jump): rows above it get
 * measured as they appear and the header can still grow, both of which move the card.
 */
const CITED_RECHECK_MS = [150, 400, 900, 1800] as const;

/**
 * A transcript turn a link points at. `key` differs for every navigation, so following the same
 * citation again scrolls again.
 */
export interface CitedTurn {
  /** Index into the parsed turns (the cards' `data-index`). */
  index: number;
  key: string;
}

/** Props of {@link MeetingTranscript}. */
export interface MeetingTranscriptProps {
  turns: readonly TranscriptTurn[];
  /** Where each turn starts on the recording, or null per turn when unknown. */
  starts: readonly (TurnStart | null)[];
  /** Colour slot per speaker (see `speakerColorSlots`). */
  colorSlots: ReadonlyMap<string, number>;
  /** The element that scrolls the view; the list is virtualized against it. */
  scrollElement: HTMLElement | null;
  /** True while the pipeline still has to write the transcript (shows the spinner). */
  generating: boolean;
  progress: BusyLabel | null;
  /** Plays the recording from a turn; absent when the meeting has no recording. */
  onPlayTurn?: (index: number) => void;
  /** The turn being played, highlighted; -1 for none. */
  activeIndex: number;
  /** The turn a citation leads to: scrolled to on mount and on change, highlighted for a while. */
  cited?: CitedTurn | null;
  /**
   * Opens the rename dialog for a speaker as shown (the name on the card); absent while the
   * meeting is busy, when names cannot change.
   */
  onRenameSpeaker?: (speaker: string) => void;
  /** What merging a call's two channels found (echo lines, double talk); null for one source. */
  capture?: CallCapture | null;
  /** The meeting whose turns the cards' 'Edit text' corrects. */
  meetingId: string;
  /** False while the meeting is busy, when its transcript cannot change: no 'Edit text'. */
  editable?: boolean;
  /**
   * The live draft transcript, drawn under the spinner while the transcript is being generated
   * (the live feature's panel); the transcript replaces both once saved.
   */
  live?: ReactNode;
}

/** The transcript panel: heading, then one virtualized card per speaker turn. */
export function MeetingTranscript({
  turns,
  starts,
  colorSlots,
  scrollElement,
  generating,
  progress,
  onPlayTurn,
  activeIndex,
  cited = null,
  onRenameSpeaker,
  capture = null,
  meetingId,
  editable = false,
  live,
}: MeetingTranscriptProps) {
  const [echoesShown, setEchoesShown] = useState(false);
  const rows = useMemo(
    () => transcriptRows(starts, echoesShown && capture ? capture.echoed : []),
    [starts, echoesShown, capture],
  );
  if (turns.length === 0) {
    if (generating) {
      const spinner = <GeneratingState label={progress} subject="The transcript" />;
      if (!live) return spinner;
      return (
        <div className="flex flex-col gap-4">
          {live}
          {spinner}
        </div>
      );
    }
    return (
      <>
        <TranscriptHeading />
        <PanelEmpty icon={Captions} title="No transcript available" />
      </>
    );
  }
  const speakers = colorSlots.size;
  return (
    <section aria-labelledby="meeting-transcript-heading" className="flex flex-col gap-4">
      <TranscriptHeading>
        <p className="text-sm text-muted-foreground">
          {turns.length} {turns.length === 1 ? 'turn' : 'turns'} · {speakers}{' '}
          {speakers === 1 ? 'speaker' : 'speakers'}
        </p>
      </TranscriptHeading>
      {capture && (
        <CaptureNotes
          capture={capture}
          echoesShown={echoesShown}
          onToggleEchoes={() => setEchoesShown((shown) => !shown)}
        />
      )}
      {scrollElement && (
        <TurnList
          rows={rows}
          turns={turns}
          starts={starts}
          colorSlots={colorSlots}
          scrollElement={scrollElement}
          onPlayTurn={onPlayTurn}
          activeIndex={activeIndex}
          cited={cited}
          onRenameSpeaker={onRenameSpeaker}
          meetingId={meetingId}
          editable={editable}
        />
      )}
    </section>
  );
}

function TranscriptHeading({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <h2 id="meeting-transcript-heading" className="text-lg font-semibold tracking-tight">
        Meeting Transcript
      </h2>
      {children}
    </div>
  );
}

function TurnList({
  turns,
  starts,
  colorSlots,
  scrollElement,
  onPlayTurn,
  activeIndex,
  cited,
  onRenameSpeaker,
  rows,
  meetingId,
  editable,
}: Omit<
  MeetingTranscriptProps,
  'generating' | 'progress' | 'scrollElement' | 'cited' | 'capture'
> & {
  scrollElement: HTMLElement;
  cited: CitedTurn | null;
  rows: readonly TranscriptRow[];
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const editing = useTurnTextEditing(meetingId);
  const scrollMargin = useScrollMargin(listRef, scrollElement);

  // The compiler cannot memoize around the virtualizer's mutable instance; nothing here needs it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => index,
  });

  const items = virtualizer.getVirtualItems();
  const citedRow = useCitedRow(cited, rows);
  const citedIndex = useCitedTurn(citedRow, rows.length, scrollElement, listRef, virtualizer);

  return (
    <ol
      ref={listRef}
      id={TRANSCRIPT_LIST_ID}
      aria-label="Transcript turns"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((row) => {
        const content = rows[row.index]!;
        return (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-setsize={rows.length}
            aria-posinset={row.index + 1}
            className="absolute top-0 left-0 w-full"
            style={{
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              paddingBottom: CARD_GAP,
            }}
          >
            {content.kind === 'echo' ? (
              <EchoCard line={content.line} />
            ) : (
              <TurnCard
                turn={turns[content.turn]!}
                start={starts[content.turn] ?? null}
                slot={colorSlots.get(turns[content.turn]!.speaker) ?? 0}
                active={content.turn === activeIndex}
                cited={row.index === citedIndex}
                onPlay={onPlayTurn}
                onRename={onRenameSpeaker}
                onEdit={editable ? editing.start : undefined}
                editor={editable ? turnEditorOf(editing, content.turn) : null}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The row of a cited turn: citations and playback name turns, and the list's indexes are rows
 * (echo lines shown add some).
 */
function useCitedRow(cited: CitedTurn | null, rows: readonly TranscriptRow[]): CitedTurn | null {
  const rowOf = useMemo(() => rowOfTurns(rows), [rows]);
  return useMemo(
    () =>
      cited && rowOf[cited.index] !== undefined
        ? { index: rowOf[cited.index]!, key: cited.key }
        : null,
    [cited, rowOf],
  );
}

/**
 * The list's distance from the top of the scrolling element's content (it sits below the header),
 * which the virtualizer needs; it changes when the header wraps differently (window resize, title edit).
 */
function useScrollMargin(
  listRef: RefObject<HTMLOListElement | null>,
  scrollElement: HTMLElement,
): number {
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const margin =
        list.getBoundingClientRect().top -
        scrollElement.getBoundingClientRect().top +
        scrollElement.scrollTop;
      setScrollMargin((previous) => (Math.abs(previous - margin) > 0.5 ? margin : previous));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scrollElement);
    if (scrollElement.firstElementChild) observer.observe(scrollElement.firstElementChild);
    return () => observer.disconnect();
  }, [listRef, scrollElement]);
  return scrollMargin;
}

/**
 * Brings a cited turn on screen and tells which card to highlight (-1 for none, and once the
 * highlight has faded). The virtualizer's `scrollToIndex` lands on estimated positions and corrects
 * itself as rows get measured; the checks afterwards catch what moves later (the header growing,
 * a tall card). Ends as soon as the person scrolls, clicks or types in the list, so it never pulls
 * them back.
 */
function useCitedTurn(
  cited: CitedTurn | null,
  count: number,
  scrollElement: HTMLElement,
  listRef: RefObject<HTMLOListElement | null>,
  virtualizer: Virtualizer<HTMLElement, Element>,
): number {
  const [fadedKey, setFadedKey] = useState<string | null>(null);
  const target = cited && cited.index < count ? cited : null;

  useEffect(() => {
    if (!target) return;
    const { index, key } = target;
    const jump = (align: 'center' | 'start') => virtualizer.scrollToIndex(index, { align });
    const recheck = () => {
      const card = listRef.current?.querySelector(`[data-index="${index}"]`);
      if (!card) return jump('center');
      const view = scrollElement.getBoundingClientRect();
      const box = card.getBoundingClientRect();
      // A card taller than most of the view is read from its top; others sit wholly in view.
      const tall = box.height > view.height * 0.8;
      const onScreen = tall
        ? box.top >= view.top - 1 && box.top <= view.top + view.height / 4
        : box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
      if (!onScreen) jump(tall ? 'start' : 'center');
    };
    jump('center');
    const timers = CITED_RECHECK_MS.map((ms) => window.setTimeout(recheck, ms));
    const stop = () => timers.forEach((timer) => window.clearTimeout(timer));
    const takeovers = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const type of takeovers) scrollElement.addEventListener(type, stop, { passive: true });
    const fade = window.setTimeout(() => setFadedKey(key), CITED_HIGHLIGHT_MS);
    return () => {
      stop();
      window.clearTimeout(fade);
      for (const type of takeovers) scrollElement.removeEventListener(type, stop);
    };
  }, [target, scrollElement, listRef, virtualizer]);

  return target && target.key !== fadedKey ? target.index : -1;
}
