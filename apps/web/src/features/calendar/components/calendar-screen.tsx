import { type CalendarEvent } from '@summy/core';
import {
  addLocalDays,
  localDateKey,
  weekNumberOfWeek,
  weekStartOf,
} from '@summy/core/calendar-layout';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { CalendarReconnectError, useCalendarEvents } from '../api/get-calendar-events';
import { useCalendarRefresh } from '../hooks/use-calendar-refresh';
import { useNow } from '../hooks/use-now';
import { weekTitle } from '../utils/calendar-format';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { CalendarToolbar } from './calendar-toolbar';
import { WeekView, type WeekDirection } from './week-view';

// Loaded apart from the week (bench/web: a first visit to /calendar stays near the 250 KB
// budget): the details only on a click, preloaded once the week is shown; the notices only for
// people who cannot see a week.
const EventDetailsDialog = lazyWithPreload(() =>
  import('./event-details-dialog').then((m) => m.EventDetailsDialog),
);
const notices = () => import('./calendar-notice');
const NotConfiguredNotice = lazyWithPreload(() => notices().then((m) => m.NotConfiguredNotice));
const NotConnectedNotice = lazyWithPreload(() => notices().then((m) => m.NotConnectedNotice));
const ReconnectNotice = lazyWithPreload(() => notices().then((m) => m.ReconnectNotice));
const LoadFailedNotice = lazyWithPreload(() => notices().then((m) => m.LoadFailedNotice));

/**
 * Where the person stands with Google, as the app layer knows it: the server has no Google
 * (`not-configured`), no Google account is linked (`not-connected`), every linked account lost
 * its tokens (`reconnect`), or the calendar can be read (`connected`).
 */
export type CalendarConnection =
  'loading' | 'not-configured' | 'not-connected' | 'reconnect' | 'connected';

/** Props of {@link CalendarScreen}. */
export interface CalendarScreenProps {
  connection: CalendarConnection;
  /** Links a Google account (given by the app layer: features do not import each other). */
  onConnect: () => void;
  /** True while that link is in progress: the button reads 'Connecting...'. */
  isConnecting: boolean;
  /** Linked account ids, primary first, so each account keeps one event colour. */
  accountOrder?: readonly string[];
}

/** Keys typed into these are text, not calendar shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

const NO_ACCOUNTS: readonly string[] = [];

/**
 * /calendar: the Sunday-first week of the person's Google calendars with previous/next/Today (also
 * the ArrowLeft/ArrowRight and T keys), a 300 ms slide in the direction of travel, the skeleton
 * grid on first load and a spinner while fetching; clicking an event opens its details. Without
 * Google on the server, without a linked account, or when Google wants a new consent, a notice says
 * what to do instead.
 */
export function CalendarScreen({
  connection,
  onConnect,
  isConnecting,
  accountOrder = NO_ACCOUNTS,
}: CalendarScreenProps) {
  const now = useNow();
  const [weekStart, setWeekStart] = useState(() => weekStartOf(new Date()));
  const [direction, setDirection] = useState<WeekDirection>(null);
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  // Mounted from the first click on, so closing can animate and reopening is instant.
  const [detailsUsed, setDetailsUsed] = useState(false);
  const select = useCallback((event: CalendarEvent) => {
    setSelected(event);
    setDetailsUsed(true);
  }, []);
  const connected = connection === 'connected';
  const week = useCalendarEvents(weekStart, { enabled: connected });
  useCalendarRefresh(weekStart, connected);

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
    if (!connected) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"]')) return;
      if (event.key === 'ArrowLeft') previous();
      else if (event.key === 'ArrowRight') next();
      else if (event.key === 't' || event.key === 'T') today();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [connected, previous, next, today]);

  const loaded = week.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void EventDetailsDialog.preload());
  }, [loaded]);

  const reconnect = connection === 'reconnect' || week.error instanceof CalendarReconnectError;
  const showWeek =
    connection === 'loading' || (connected && !reconnect && !(week.isError && !week.data));

  let body;
  if (connection === 'not-configured') body = <NotConfiguredNotice />;
  else if (connection === 'not-connected') {
    body = <NotConnectedNotice onConnect={onConnect} isConnecting={isConnecting} />;
  } else if (reconnect) {
    body = <ReconnectNotice onConnect={onConnect} isConnecting={isConnecting} />;
  } else if (!showWeek) body = <LoadFailedNotice onRetry={() => void week.refetch()} />;
  else {
    body = (
      <WeekView
        weekStart={weekStart}
        events={connected ? week.data : undefined}
        now={now}
        direction={direction}
        accountOrder={accountOrder}
        onSelect={select}
      />
    );
  }

  return (
    <div className="flex h-full min-h-[32rem] flex-col gap-4 px-3 py-4 sm:px-5 md:px-8 md:py-6">
      <CalendarToolbar
        title={showWeek ? weekTitle(weekStart) : null}
        weekNumber={showWeek ? weekNumberOfWeek(weekStart) : null}
        isFetching={connected && week.isFetching}
        canNavigate={connected && showWeek}
        onPrevious={previous}
        onNext={next}
        onToday={today}
      />
      <Suspense>{body}</Suspense>
      {detailsUsed && (
        <Suspense>
          <EventDetailsDialog event={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </div>
  );
}
