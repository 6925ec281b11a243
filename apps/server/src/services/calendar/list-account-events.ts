import { and, eq } from 'drizzle-orm';
import { CALENDAR_LIMITS, type CalendarEvent } from '@summy/core';
import { userGoogleAccounts } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import type { GoogleDeps } from '../../integrations/google/tokens.ts';
import { byStart, calendarAccounts, enrichCalendarEvents, readDaysAhead } from './google-events.ts';

/**
 * The per-account fetch: the next 7 days of one linked account, ordered by start, at most 100,
 * declined events left out. A failure (missing token, failed refresh, Google error) counts as no
 * events, silently.
 * @param accountId the `account` row id of one of the user's Google accounts
 * @throws NotFoundError when the account is not the user's (another user's id answers alike)
 * @throws CalendarRequestCancelledError ('Request was cancelled') when `signal` aborts
 */
export async function listAccountEvents(
  deps: GoogleDeps,
  userId: string,
  accountId: string,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const [owned] = await deps.db
    .select({ id: userGoogleAccounts.id })
    .from(userGoogleAccounts)
    .where(and(eq(userGoogleAccounts.id, accountId), eq(userGoogleAccounts.userId, userId)));
  if (!owned) throw new NotFoundError('Google account');
  const accounts = (await calendarAccounts(deps.db, userId)).filter((a) => a.id === accountId);
  const events = await readDaysAhead(
    deps,
    userId,
    accounts,
    { days: CALENDAR_LIMITS.accountDays, max: CALENDAR_LIMITS.accountMax },
    signal,
  );
  return enrichCalendarEvents(deps.db, userId, events.sort(byStart));
}
