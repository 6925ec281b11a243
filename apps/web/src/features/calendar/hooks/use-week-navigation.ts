/** Which week the calendar shows, and moving between weeks by button or key. */
import { addLocalDays, localDateKey, weekStartOf } from '@summy/core/calendar-layout';
import { useCallback, useEffect, useState } from 'react';
import { type WeekDirection } from '../components/week-view';

/** The shown week and the moves to its neighbours and to this week. */
export interface WeekNavigation {
  /** Local midnight of the shown week's Sunday. */
  weekStart: Date;
  /** Which way the last move went, so the new week slides in from that side; null before any. */
  direction: WeekDirection;
  previous: () => void;
  next: () => void;
  today: () => void;
}

/** Keys typed into these are text, not calendar shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * Starts on this week; previous/next move by seven days and Today returns, each a no-op when it
 * lands on the shown week. While `keysEnabled`, ArrowLeft/ArrowRight and T do the same, except
 * with a modifier held, while typing in a field, or while a dialog is open.
 */
export function useWeekNavigation(keysEnabled: boolean): WeekNavigation {
  const [weekStart, setWeekStart] = useState(() => weekStartOf(new Date()));
  const [direction, setDirection] = useState<WeekDirection>(null);

  const goTo = useCallback(
    (next: Date) => {
      if (localDateKey(next) === localDateKey(weekStart)) return;
      // Slides right when the new week is later.
      setDirection(next.getTime() > weekStart.getTime() ? 'right' : 'left');
      setWeekStart(next);
    },
    [weekStart],
  );
  const previous = useCallback(() => goTo(addLocalDays(weekStart, -7)), [goTo, weekStart]);
  const next = useCallback(() => goTo(addLocalDays(weekStart, 7)), [goTo, weekStart]);
  const today = useCallback(() => goTo(weekStartOf(new Date())), [goTo]);

  useEffect(() => {
    if (!keysEnabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"]')) return;
      if (event.key === 'ArrowLeft') previous();
      else if (event.key === 'ArrowRight') next();
      else if (event.key === 't' || event.key === 'T') today();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keysEnabled, previous, next, today]);

  return { weekStart, direction, previous, next, today };
}
