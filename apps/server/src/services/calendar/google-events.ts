/**
 * The accounts a user's calendar is read from, and the reading of their events through
 * integrations/google/calendar.ts with Summy's own data added (photos, linked meetings). No route
 * calls this directly: see list-calendar-events.ts and its siblings for the fetches and their
 * failure rules.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { CALENDAR_MESSAGES, type CalendarEvent } from '@summy/core';
import { account, contacts, meetings, userGoogleAccounts, type Database } from '@summy/db';
import { GoogleReconnectError } from '../../integrations/google/errors.ts';
import {
  CalendarRequestCancelledError,
  fetchGoogleEvents,
  isDeclined,
  toCalendarEvent,
  type AccountEvents,
  type CalendarAccount,
  type EventsQuery,
} from '../../integrations/google/calendar.ts';
import { log } from '../../log.ts';
import type { GoogleDeps } from '../../integrations/google/tokens.ts';

/**
 * The user's Google accounts that still hold a token (an access or a refresh token), oldest
 * first; accounts whose tokens were removed after a failed refresh are left out.
 */
export async function calendarAccounts(db: Database, userId: string): Promise<CalendarAccount[]> {
  return db
    .select({ id: userGoogleAccounts.id, email: userGoogleAccounts.email })
    .from(userGoogleAccounts)
    .innerJoin(account, eq(account.id, userGoogleAccounts.id))
    .where(
      and(
        eq(userGoogleAccounts.userId, userId),
        or(isNotNull(account.accessToken), isNotNull(account.refreshToken)),
      ),
    )
    .orderBy(userGoogleAccounts.createdAt, userGoogleAccounts.id);
}

/**
 * Fills in what only Summy knows: each attendee's photo from the user's contacts (by e-mail,
 * case-insensitive) and the user's meeting linked to each event id (the oldest when several).
 * Two queries whatever the number of events.
 */
export async function enrichCalendarEvents(
  db: Database,
  userId: string,
  events: CalendarEvent[],
): Promise<CalendarEvent[]> {
  if (events.length === 0) return events;
  const emails = [...new Set(events.flatMap((e) => e.attendees.map((a) => a.email.toLowerCase())))];
  const photos = new Map<string, string>();
  if (emails.length > 0) {
    const rows = await db
      .select({ email: sql<string>`lower(${contacts.email})`, photoUrl: contacts.photoUrl })
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, userId),
          isNotNull(contacts.photoUrl),
          inArray(sql`lower(${contacts.email})`, emails),
        ),
      );
    for (const r of rows) if (r.photoUrl) photos.set(r.email, r.photoUrl);
  }
  // The user's linked meetings are few next to a range's events (thousands): read them all
  // through the (user, calendar_event_id) index rather than send every event id.
  const wanted = new Set(events.map((e) => e.id));
  const linked = new Map<string, string>();
  const rows = await db
    .select({ id: meetings.id, eventId: meetings.calendarEventId })
    .from(meetings)
    .where(and(eq(meetings.userId, userId), isNotNull(meetings.calendarEventId)))
    .orderBy(meetings.createdAt);
  for (const r of rows) {
    if (r.eventId && wanted.has(r.eventId) && !linked.has(r.eventId)) linked.set(r.eventId, r.id);
  }
  return events.map((e) => ({
    ...e,
    linkedMeetingId: linked.get(e.id) ?? null,
    attendees: e.attendees.map((a) => ({
      ...a,
      photoUrl: photos.get(a.email.toLowerCase()) ?? null,
    })),
  }));
}

/**
 * How a fetch across accounts treats one account's failure
 * (docs/decisions/022-calendar-fetch-and-event-links.md).
 */
export type AccountFailureRule =
  /** Range fetch: the primary account's reconnect error propagates; other failures are logged. */
  | 'range'
  /** Upcoming, search, per-account: every failure counts as no events, silently. */
  | 'silent';

/**
 * The events of several accounts for one query, as `CalendarEvent`s: cancelled and declined
 * events left out, each account's own failure handled by `rule` so one account failing never
 * hides the others' events. Accounts are read one after the other (2,500-event pages are large).
 * @param accounts the accounts to read (see {@link calendarAccounts})
 * @param primaryId the primary account's id, whose reconnect error the range rule propagates
 * @throws CalendarRequestCancelledError when `signal` aborts (under every rule)
 * @throws GoogleReconnectError under the range rule, for the primary account
 */
export async function readCalendarEvents(
  deps: GoogleDeps,
  userId: string,
  accounts: CalendarAccount[],
  query: EventsQuery,
  options: {
    rule: AccountFailureRule;
    primaryId?: string | undefined;
    signal?: AbortSignal | undefined;
    maxPages?: number;
  },
): Promise<CalendarEvent[]> {
  const { rule, primaryId, signal, maxPages } = options;
  const out: CalendarEvent[] = [];
  for (const acc of accounts) {
    let got: AccountEvents;
    try {
      got = await fetchGoogleEvents(deps, userId, acc.id, query, {
        ...(signal ? { signal } : {}),
        ...(maxPages ? { maxPages } : {}),
      });
    } catch (err) {
      if (err instanceof CalendarRequestCancelledError) {
        log.info(`[calendar] ${CALENDAR_MESSAGES.cancelled}`);
        throw err;
      }
      if (rule === 'range') {
        if (err instanceof GoogleReconnectError && acc.id === primaryId) {
          log.warn({ err, accountId: acc.id }, '[calendar] fetching events failed');
          throw err;
        }
        log.warn({ err, accountId: acc.id }, '[calendar] range fetch failed');
      }
      continue;
    }
    const zone = query.timeZone ?? got.timeZone ?? 'UTC';
    for (const item of got.items) {
      if (isDeclined(item)) continue;
      const event = toCalendarEvent(item, acc, zone);
      if (event) out.push(event);
    }
  }
  return out;
}

/** Orders events by start, then end, then id (a stable order across accounts). */
export function byStart(a: CalendarEvent, b: CalendarEvent): number {
  return (
    Date.parse(a.startTime) - Date.parse(b.startTime) ||
    Date.parse(a.endTime) - Date.parse(b.endTime) ||
    a.id.localeCompare(b.id)
  );
}

/**
 * The next `days` days of `accounts` from now, ordered by start at Google, at most `max` events
 * per account, one page each; every failure of an account counts as no events (the silent rule
 * of the upcoming and per-account fetches).
 * @throws CalendarRequestCancelledError when `signal` aborts
 */
export function readDaysAhead(
  deps: GoogleDeps,
  userId: string,
  accounts: CalendarAccount[],
  window: { days: number; max: number },
  signal: AbortSignal | undefined,
): Promise<CalendarEvent[]> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  return readCalendarEvents(
    deps,
    userId,
    accounts,
    {
      timeMin: new Date(now).toISOString(),
      timeMax: new Date(now + window.days * 86_400_000).toISOString(),
      orderBy: 'startTime',
      maxResults: window.max,
    },
    { rule: 'silent', signal, maxPages: 1 },
  );
}
