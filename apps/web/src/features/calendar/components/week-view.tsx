import { type CalendarEvent } from '@summy/core';
import { addLocalDays, CALENDAR_LAYOUT, localDateKey } from '@summy/core/calendar-layout';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import { useWeekScroll } from '../hooks/use-week-scroll';
import { type WeekPartProps } from '../utils/week-layout';
import { WeekGrid } from './week-grid';
import { WeekHeader } from './week-header';

/** Which way the week moved: the new week slides in from that side. */
export type WeekDirection = 'left' | 'right' | null;

/** Props of {@link WeekView}. */
export interface WeekViewProps {
  /** Local midnight of the week's Sunday. */
  weekStart: Date;
  /** The week's events; `undefined` while they load draws the skeleton grid. */
  events: CalendarEvent[] | undefined;
  now: Date;
  direction: WeekDirection;
  /** Linked account ids, primary first: each account keeps one colour. */
  accountOrder: readonly string[];
  onSelect: (event: CalendarEvent) => void;
}

const { gutter } = CALENDAR_LAYOUT;

/** The class that slides the new week in from the side it came from, in 300 ms. */
function transitionClass(direction: WeekDirection): string | undefined {
  if (!direction) return undefined;
  return cn(
    'animate-in fade-in-0 motion-reduce:animate-none',
    direction === 'right' ? 'slide-in-from-right-8' : 'slide-in-from-left-8',
  );
}

/**
 * The week grid: seven day columns from Sunday under a 64 px time gutter, 24 hour rows of 80 px,
 * the all-day row (collapsed to per-day counts when its events overlap, with a toggle), overlapping
 * events side by side, and a red line at the current time on today. It opens scrolled to about
 * 08:00 and, when the screen is narrower than the week, sideways to today.
 */
export function WeekView({
  weekStart,
  events,
  now,
  direction,
  accountOrder,
  onSelect,
}: WeekViewProps) {
  const { scrollRef, dayPx } = useWeekScroll();
  const days = useMemo(
    () => Array.from({ length: 7 }, (_, i) => addLocalDays(weekStart, i)),
    [weekStart],
  );
  const part: WeekPartProps = {
    days,
    weekKey: localDateKey(weekStart),
    todayKey: localDateKey(now),
    animation: transitionClass(direction),
    animationStyle: { animationDuration: `${CALENDAR_LAYOUT.transitionMs}ms` },
    events,
    accountOrder,
    onSelect,
  };

  // The scroller has no scroll anchoring: the all-day row growing once events arrive must not
  // move the hours; sideways it always comes to rest on a day's edge at the sticky gutter, so no
  // strip of a scrolled-away day shows beside it.
  return (
    <div
      ref={scrollRef}
      className="relative min-h-0 flex-1 snap-x snap-mandatory overflow-auto overscroll-contain rounded-xl border bg-card [overflow-anchor:none]"
      style={{ scrollPaddingLeft: gutter }}
      aria-busy={events === undefined}
    >
      <div style={dayPx === null ? undefined : { width: gutter + 7 * dayPx }}>
        <WeekHeader weekStart={weekStart} {...part} />
        <WeekGrid now={now} {...part} />
      </div>
    </div>
  );
}
