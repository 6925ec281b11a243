/** Where the week grid's scroller rests: the morning hours, and today on narrow screens. */
import { CALENDAR_LAYOUT } from '@summy/core/calendar-layout';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { dayColumnWidth } from '../utils/week-layout';

const { hourHeight, gutter } = CALENDAR_LAYOUT;
/** The grid opens scrolled to about 08:00, a little above it so the 8 AM label shows. */
const OPEN_AT_PX = 8 * hourHeight - 16;

/** The week grid's scroller and the width its day columns take. */
export interface WeekScroll {
  /** Attach to the scrolling element. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** A day column's width, px, when the week overflows the scroller; `null` when all seven fit. */
  dayPx: number | null;
}

/**
 * Opens the scroller at about 08:00, measures whether the week fits (again on every resize), and
 * scrolls sideways to the column marked `data-today="true"` whenever the week starts to overflow.
 */
export function useWeekScroll(): WeekScroll {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [dayPx, setDayPx] = useState<number | null>(null);

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    // Only when the view opens: later weeks keep the hour the person scrolled to.
    scroller.scrollTop = OPEN_AT_PX;
    const measure = () => setDayPx(dayColumnWidth(scroller.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  // Sideways to today whenever the week starts to overflow (on open on a phone, or after the
  // window narrowed), not on every resize: the person may have scrolled elsewhere.
  const overflowing = dayPx !== null;
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const today = scroller?.querySelector<HTMLElement>('[data-today="true"]');
    if (scroller && today && overflowing) {
      scroller.scrollLeft = Math.max(today.offsetLeft - gutter, 0);
    }
  }, [overflowing]);

  return { scrollRef, dayPx };
}
