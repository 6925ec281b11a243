/**
 * The live panel: a recording's draft transcript while it records, region 'Live transcript' with
 * the badge 'Live (draft)', one row per segment labelled by channel ('You', 'Call') with its text
 * muted, and the words of LIVE_TEXT for an empty list and the states 'off', 'busy' and 'ended'
 * (docs/product.md#live-transcript). Rows are only ever added under those shown, and the list
 * follows them only when the reader is at its bottom. The list is a polite log that announces
 * new rows only.
 */
import {
  LIVE_DRAFT_LABEL,
  LIVE_TEXT,
  liveChannelLabel,
  liveSegmentAnchor,
  type LiveSegment,
  type LiveState,
} from '@summy/core';
import { useRef } from 'react';
import { cn } from '@/lib/utils';
import { useRecordingPreferences } from '../api/get-recording-preferences';
import { useCitedRow } from '../hooks/use-cited-row';
import { useFollowBottom } from '../hooks/use-follow-bottom';
import { useLiveTranscript } from '../hooks/use-live-transcript';

/**
 * The words under the list for a state: why there is no text ('off', 'busy'), that the draft
 * waits for the final transcript ('ended'), or the empty text while nothing was said yet. Null
 * when the rows speak for themselves.
 */
export function liveStatusText(state: LiveState, segmentCount: number): string | null {
  if (state === 'off') return LIVE_TEXT.off;
  if (state === 'busy') return LIVE_TEXT.busy;
  if (state === 'ended') return LIVE_TEXT.ended;
  return segmentCount === 0 ? LIVE_TEXT.empty : null;
}

/** Props of {@link LiveTranscriptView}. */
export interface LiveTranscriptViewProps {
  state: LiveState;
  /** In `seq` order, each once. */
  segments: readonly LiveSegment[];
  /** The panel's title level: 2 beside the recorder, 3 under the meeting's transcript heading. */
  headingLevel?: 2 | 3;
  /** The URL's hash: '#live-{seq}' scrolls that row into view and marks it (a citation's link). */
  hash?: string;
  className?: string;
}

/** The live panel as drawn from a state and its segments; see the file. */
export function LiveTranscriptView({
  state,
  segments,
  headingLevel = 2,
  hash = '',
  className,
}: LiveTranscriptViewProps) {
  const list = useRef<HTMLDivElement>(null);
  const onScroll = useFollowBottom(list, segments.length);
  const cited = useCitedRow(list, hash, segments.length);
  const status = liveStatusText(state, segments.length);
  const draft = segments.length > 0 || state === 'live' || state === 'none';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-label={LIVE_TEXT.region}
      data-testid="live-transcript"
      className={cn(
        'flex flex-col overflow-hidden rounded-2xl border bg-card text-left text-card-foreground shadow-sm',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b px-4 py-2.5">
        <Heading className="text-sm font-semibold">{LIVE_TEXT.region}</Heading>
        {draft && (
          <span
            data-testid="live-draft-badge"
            className="rounded-full border border-dashed px-2 py-0.5 text-xs font-medium text-muted-foreground"
          >
            {LIVE_DRAFT_LABEL}
          </span>
        )}
      </div>
      <div
        ref={list}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={`${LIVE_TEXT.region} lines`}
        // Scrollable by keyboard: the list takes focus, and the arrow keys scroll it.
        tabIndex={0}
        onScroll={onScroll}
        className={cn(
          'relative max-h-72 overflow-y-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
          segments.length > 0 && 'px-4 py-3',
        )}
      >
        <ol className="flex flex-col gap-2 text-sm">
          {segments.map((segment) => (
            <li
              key={segment.seq}
              id={liveSegmentAnchor(segment.seq)}
              data-testid="live-segment"
              data-seq={segment.seq}
              aria-current={cited === segment.seq ? 'true' : undefined}
              className={cn(
                'flex gap-3',
                cited === segment.seq && '-mx-2 rounded-md bg-accent px-2 text-accent-foreground',
              )}
            >
              <span className="w-9 shrink-0 font-medium">{liveChannelLabel(segment.channel)}</span>
              <span className="min-w-0 text-muted-foreground">{segment.text}</span>
            </li>
          ))}
        </ol>
      </div>
      {status && (
        <p
          role="status"
          data-testid="live-transcript-status"
          className={cn(
            'px-4 text-sm text-muted-foreground',
            segments.length > 0 ? 'border-t py-2' : 'py-4',
          )}
        >
          {status}
        </p>
      )}
    </section>
  );
}

/** Props of {@link LiveTranscript}. */
export interface LiveTranscriptProps {
  /** The meeting being recorded; null before Start. */
  meetingId: string | null;
  /**
   * 'recorder' beside the recording (always drawn; the person's own setting says 'off' before the
   * server does); 'meeting' in the meeting view's transcript area, drawn only when the meeting
   * has live text to show or a reason it has none.
   */
  place: 'recorder' | 'meeting';
  /** The URL's hash, passed on to {@link LiveTranscriptView}. */
  hash?: string;
  className?: string;
}

/** The live panel of a meeting: its text read on mount and kept up to date; see the file. */
export function LiveTranscript({ meetingId, place, hash, className }: LiveTranscriptProps) {
  const live = useLiveTranscript(meetingId).data;
  const preferences = useRecordingPreferences(place === 'recorder').data;
  const segments = live?.segments ?? [];
  let state: LiveState = live?.state ?? 'none';
  if (place === 'meeting') {
    if (state === 'none' || (state === 'ended' && segments.length === 0)) return null;
  } else if (state === 'none' && preferences?.liveTranscript === false) {
    state = 'off';
  }
  return (
    <LiveTranscriptView
      state={state}
      segments={segments}
      headingLevel={place === 'recorder' ? 2 : 3}
      hash={hash}
      className={className}
    />
  );
}
