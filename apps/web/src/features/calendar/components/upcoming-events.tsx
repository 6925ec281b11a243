import type { CalendarEvent } from '@summy/core';
import { addLocalDays } from '@summy/core/calendar-layout';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DashboardCard,
  DashboardEmpty,
  DashboardError,
  DashboardLoading,
} from '@/components/dashboard-card';
import { formatDate, isSameDay } from '@/lib/date-format';
import { CalendarReconnectError } from '../api/get-calendar-events';
import { pickUpcomingEvents, useUpcomingEvents } from '../api/get-upcoming-events';
import { useNow } from '../hooks/use-now';
import { compactTimeRange } from '../utils/calendar-format';

/** The dashboard's calendar texts. */
export const UPCOMING_EVENTS_MESSAGES = {
  empty: 'No upcoming events',
  emptyDescription: 'Meetings on your calendar for the next 7 days will appear here',
  reconnect: 'Reconnect Google Calendar on the Calendar page to see your events',
} as const;

/** 'Today', 'Tomorrow' or 'Tue, Nov 24' of an event's start. */
function dayLabel(start: Date, now: Date): string {
  if (isSameDay(start, now)) return 'Today';
  if (isSameDay(start, addLocalDays(now, 1))) return 'Tomorrow';
  return formatDate(start, 'EEE, MMM d');
}

/** Props of {@link UpcomingEvents}. */
export interface UpcomingEventsProps {
  /**
   * Whether the server has Google configured: `false` shows 'No upcoming events' without asking
   * the server, `undefined` (not known yet) shows the loading state.
   */
  calendarEnabled: boolean | undefined;
  /**
   * An action beside an event, e.g. the app layer's 'Record' for an event about to start or
   * running; return null for none. Called again each minute.
   */
  eventAction?: (event: CalendarEvent, now: Date) => ReactNode;
}

/**
 * The Home dashboard's 'Upcoming events': the next 3 timed events of the coming 7 days across the
 * linked Google accounts, each with its day and time ('Now' while running), linking to its meeting
 * when one is linked, else to /calendar; 'View all' to /calendar; 'No upcoming events' when there
 * are none (also without Google on the server).
 */
export function UpcomingEvents({ calendarEnabled, eventAction }: UpcomingEventsProps) {
  const { data, isPending, error, refetch } = useUpcomingEvents({
    enabled: calendarEnabled === true,
  });
  const now = useNow();
  const events = useMemo(() => pickUpcomingEvents(data ?? [], now), [data, now]);

  let body: ReactNode;
  if (calendarEnabled === false) {
    body = <DashboardEmpty title={UPCOMING_EVENTS_MESSAGES.empty} />;
  } else if (isPending) {
    body = <DashboardLoading label="Loading events..." />;
  } else if (error instanceof CalendarReconnectError) {
    body = (
      <DashboardEmpty
        title={UPCOMING_EVENTS_MESSAGES.empty}
        description={UPCOMING_EVENTS_MESSAGES.reconnect}
      />
    );
  } else if (error) {
    body = <DashboardError title="Couldn't load events" onRetry={() => void refetch()} />;
  } else if (events.length === 0) {
    body = (
      <DashboardEmpty
        title={UPCOMING_EVENTS_MESSAGES.empty}
        description={UPCOMING_EVENTS_MESSAGES.emptyDescription}
      />
    );
  } else {
    body = (
      <ul className="-mx-1 flex flex-col gap-0.5">
        {events.map((event) => {
          const start = new Date(event.startTime);
          const running = start.getTime() <= now.getTime();
          const action = eventAction?.(event, now);
          return (
            <li key={`${event.accountId}:${event.id}`} className="flex items-center gap-1">
              <Link
                to={event.linkedMeetingId ? `/meeting/${event.linkedMeetingId}` : '/calendar'}
                className="flex min-w-0 flex-1 items-start gap-3 rounded-lg px-3 py-2.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span
                  className="mt-1 h-8 w-1 shrink-0 rounded-full bg-brand-soft-foreground/70"
                  aria-hidden="true"
                />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="truncate text-sm font-medium">{event.title}</span>
                  <span className="flex items-center gap-2 text-xs text-muted-foreground">
                    {running ? (
                      <span className="rounded-full bg-emerald-500/15 px-1.5 py-px font-medium text-emerald-700 dark:text-emerald-300">
                        Now
                      </span>
                    ) : (
                      dayLabel(start, now)
                    )}
                    <span>{compactTimeRange(event.startTime, event.endTime)}</span>
                  </span>
                </span>
              </Link>
              {action}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <DashboardCard title="Upcoming events" viewAllTo="/calendar" viewAllLabel="View all events">
      {body}
    </DashboardCard>
  );
}
