import { CALENDAR_LIMITS, rankCalendarSearch, type CalendarEvent } from '@summy/core';
import type { GoogleDeps } from '../../integrations/google/tokens.ts';
import { calendarAccounts, enrichCalendarEvents, readCalendarEvents } from './google-events.ts';

const DAY_MS = 86_400_000;

/**
 * Event search: per linked account, the events from 30 days back to 7 days ahead matching `query`
 * at Google (`q`, orderBy startTime, 100 fetched), declined ones left out, then scored locally
 * (title 3, description 1, location 1, +1 when it started within the past 7 days), score 0 dropped,
 * best 10 with the most recent first among equals. Every failure of an account counts as no events,
 * silently.
 * @param query the search text, already trimmed and non-empty (the route checks 1..200 characters)
 * @throws CalendarRequestCancelledError ('Request was cancelled') when `signal` aborts
 */
export async function searchCalendarEvents(
  deps: GoogleDeps,
  userId: string,
  query: string,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const now = (deps.now ?? (() => new Date()))();
  const accounts = await calendarAccounts(deps.db, userId);
  const events = await readCalendarEvents(
    deps,
    userId,
    accounts,
    {
      timeMin: new Date(now.getTime() - CALENDAR_LIMITS.searchDaysBack * DAY_MS).toISOString(),
      timeMax: new Date(now.getTime() + CALENDAR_LIMITS.searchDaysAhead * DAY_MS).toISOString(),
      orderBy: 'startTime',
      maxResults: CALENDAR_LIMITS.searchFetched,
      q: query,
    },
    { rule: 'silent', signal, maxPages: 1 },
  );
  return enrichCalendarEvents(deps.db, userId, rankCalendarSearch(events, query, now));
}
