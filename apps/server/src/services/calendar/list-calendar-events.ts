import { CALENDAR_LIMITS, type CalendarEvent } from '@summy/core';
import { primaryGoogleAccountId, type GoogleDeps } from '../../integrations/google/tokens.ts';
import {
  byStart,
  calendarAccounts,
  enrichCalendarEvents,
  readCalendarEvents,
} from './google-events.ts';

/** A range of the week calendar: ISO 8601 bounds (`timeMax` exclusive) and the viewer's zone. */
export interface CalendarRange {
  timeMin: string;
  timeMax: string;
  /** IANA zone for the answer's date-times and all-day midnights; default: each calendar's own. */
  timeZone?: string | undefined;
}

/**
 * The range fetch of the calendar: every event of every linked account holding a token between
 * `timeMin` and `timeMax`, recurring series expanded, all-day events kept, declined ones left out,
 * pages of 2,500 followed until Google sends no `nextPageToken`; ordered by start. An account
 * without a token is skipped; an account failing otherwise is logged and skipped.
 * @param signal the request's: the browser going away stops the paging
 * @throws GoogleReconnectError ('Authentication failed, please reconnect Google Calendar') when
 * the primary account's 401 cannot be cured by one refresh and one retry
 * @throws CalendarRequestCancelledError ('Request was cancelled') when `signal` aborts
 */
export async function listCalendarEvents(
  deps: GoogleDeps,
  userId: string,
  range: CalendarRange,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const accounts = await calendarAccounts(deps.db, userId);
  const events = await readCalendarEvents(
    deps,
    userId,
    accounts,
    { ...range, maxResults: CALENDAR_LIMITS.rangePageSize },
    { rule: 'range', primaryId: await primaryGoogleAccountId(deps.db, userId), signal },
  );
  return enrichCalendarEvents(deps.db, userId, events.sort(byStart));
}
