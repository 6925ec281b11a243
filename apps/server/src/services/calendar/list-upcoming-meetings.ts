import { CALENDAR_LIMITS, type CalendarEvent } from '@summy/core';
import type { GoogleDeps } from '../../integrations/google/tokens.ts';
import { byStart, calendarAccounts, enrichCalendarEvents, readDaysAhead } from './google-events.ts';

/**
 * Upcoming meetings: the next 3 days of every linked account, ordered by start, at most 50 in all.
 * Only meetings count: events with both a start and an end date-time (all-day events are left out),
 * and none the user declined. Every failure of an account (missing token, failed refresh, Google
 * error) counts as no events, silently.
 * @throws CalendarRequestCancelledError ('Request was cancelled') when `signal` aborts
 */
export async function listUpcomingMeetings(
  deps: GoogleDeps,
  userId: string,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const accounts = await calendarAccounts(deps.db, userId);
  const events = await readDaysAhead(
    deps,
    userId,
    accounts,
    { days: CALENDAR_LIMITS.upcomingDays, max: CALENDAR_LIMITS.upcomingMax },
    signal,
  );
  const meetings = events
    .filter((e) => !e.isAllDay)
    .sort(byStart)
    .slice(0, CALENDAR_LIMITS.upcomingMax);
  return enrichCalendarEvents(deps.db, userId, meetings);
}
