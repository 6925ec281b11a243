/**
 * The state of the link popover's search: the typed text, which events answer it (or the
 * suggestions around the meeting before anything is typed), the highlighted option, and linking.
 */
import { CALENDAR_LIMITS, CALENDAR_MESSAGES, type CalendarEvent, type Meeting } from '@summy/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/lib/toast';
import { useEventsAround } from '../api/get-events-around';
import { useLinkCalendarEvent } from '../api/link-calendar-event';
import { useSearchCalendarEvents } from '../api/search-calendar-events';

/** Quiet time after the last key before the search is sent, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Longest search text sent, characters; the box takes no more either. */
export const SEARCH_MAX_CHARS = 200;

/**
 * Searches `meetingId`'s calendar events as the person types (debounced), suggesting the events
 * around `meetingDate` while the box is empty. `events` is `undefined` while loading, and also
 * while the debounce waits, so old results never answer new text; a failed load toasts once.
 * The arrow keys, Home and End move the highlight (`current`); Enter or `choose` links the event,
 * toasting success (then `onLinked`) or failure, and ignores choices while a link is under way.
 */
export function useEventSearch(
  meetingId: string,
  meetingDate: string,
  onLinked: (meeting: Meeting) => void,
) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const trimmed = text.trim().slice(0, SEARCH_MAX_CHARS);
  const query = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const typed = trimmed.length > 0;
  const search = useSearchCalendarEvents(query);
  const around = useEventsAround(meetingDate, !typed);
  const list = typed ? search : around;
  // While the debounce waits, the previous results would answer a different text.
  const events =
    typed && query !== trimmed ? undefined : list.data?.slice(0, CALENDAR_LIMITS.searchResults);
  const link = useLinkCalendarEvent(meetingId, (meeting) => {
    toast.success(CALENDAR_MESSAGES.linked, { description: CALENDAR_MESSAGES.linkedDetail });
    onLinked(meeting);
  });

  useEffect(() => {
    if (list.error) {
      toast.error(CALENDAR_MESSAGES.loadFailed, {
        description: CALENDAR_MESSAGES.loadFailedDetail,
      });
    }
  }, [list.error]);

  const choose = (event: CalendarEvent | undefined) => {
    if (!event || link.isPending) return;
    link.mutate(event, {
      onError: () =>
        toast.error(CALENDAR_MESSAGES.linkFailed, {
          description: CALENDAR_MESSAGES.linkFailedDetail,
        }),
    });
  };

  const count = events?.length ?? 0;
  const current = Math.min(active, Math.max(count - 1, 0));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (count === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + count) % count);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : count - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(events?.[current]);
    }
  };
  const changeText = (value: string) => {
    setText(value);
    setActive(0);
  };

  const loading = events === undefined && !list.isError;
  return {
    text,
    changeText,
    typed,
    events,
    count,
    current,
    setActive,
    loading,
    isError: list.isError,
    link,
    choose,
    onKeyDown,
  };
}
