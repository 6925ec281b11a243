import { type CalendarEvent } from '@summy/core';
import { weekNumberOfWeek } from '@summy/core/calendar-layout';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { CalendarReconnectError, useCalendarEvents } from '../api/get-calendar-events';
import { useCalendarRefresh } from '../hooks/use-calendar-refresh';
import { useNow } from '../hooks/use-now';
import { useWeekNavigation } from '../hooks/use-week-navigation';
import { weekTitle } from '../utils/calendar-format';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { CalendarToolbar } from './calendar-toolbar';
import { WeekView } from './week-view';

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
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  // Mounted from the first click on, so closing can animate and reopening is instant.
  const [detailsUsed, setDetailsUsed] = useState(false);
  const select = useCallback((event: CalendarEvent) => {
    setSelected(event);
    setDetailsUsed(true);
  }, []);
  const connected = connection === 'connected';
  const { weekStart, direction, previous, next, today } = useWeekNavigation(connected);
  const week = useCalendarEvents(weekStart, { enabled: connected });
  useCalendarRefresh(weekStart, connected);

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
