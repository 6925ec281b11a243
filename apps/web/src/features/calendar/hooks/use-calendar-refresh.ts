/**
 * The calendar's background fetching besides the visible week's polling: the two weeks on each side
 * are prefetched, those that went stale are refreshed every 5 minutes, and every week is fetched
 * again when a Google Calendar gets connected ('google-calendar-connected').
 */
import {
  addLocalDays,
  CALENDAR_CONNECTED_EVENT,
  CALENDAR_LAYOUT,
} from '@summy/core/calendar-layout';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { calendarQueryKey, getCalendarEventsQueryOptions } from '../api/get-calendar-events';

/** Offsets in weeks of the prefetched neighbours: -2, -1, 1, 2. */
const NEIGHBOURS = Array.from(
  { length: CALENDAR_LAYOUT.prefetchWeeks * 2 },
  (_, i) => i - CALENDAR_LAYOUT.prefetchWeeks + (i >= CALENDAR_LAYOUT.prefetchWeeks ? 1 : 0),
);

/**
 * Prefetches the neighbours of `weekStart` now and every 5 minutes (`prefetchQuery` only fetches
 * weeks that are missing or stale), and reloads the calendar on 'google-calendar-connected'.
 * Does nothing while `enabled` is false (not connected, not configured).
 */
export function useCalendarRefresh(weekStart: Date, enabled: boolean) {
  const queryClient = useQueryClient();
  const weekTime = weekStart.getTime();

  useEffect(() => {
    if (!enabled) return;
    const start = new Date(weekTime);
    const prefetch = () => {
      // A hidden tab catches up when it becomes visible again (the visible week refetches then).
      if (document.visibilityState === 'hidden') return;
      for (const offset of NEIGHBOURS) {
        void queryClient.prefetchQuery(
          getCalendarEventsQueryOptions(addLocalDays(start, offset * 7)),
        );
      }
    };
    prefetch();
    const timer = window.setInterval(prefetch, CALENDAR_LAYOUT.staleMs);
    return () => window.clearInterval(timer);
  }, [enabled, weekTime, queryClient]);

  useEffect(() => {
    const onConnected = () => {
      void queryClient.invalidateQueries({ queryKey: calendarQueryKey });
    };
    window.addEventListener(CALENDAR_CONNECTED_EVENT, onConnected);
    return () => window.removeEventListener(CALENDAR_CONNECTED_EVENT, onConnected);
  }, [queryClient]);
}
