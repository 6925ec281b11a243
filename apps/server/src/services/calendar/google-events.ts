/**
 * Calendar API v3 `events.list` on the primary calendar of one linked Google account
 * (https://developers.google.com/calendar/api/v3/reference/events/list; spec 001 section 7
 * "Google services"), through `withGoogleAuthRetry` so a 401 forces one refresh and one retry
 * (spec 001 section 8). Also the mapping of Google's Events resource to Summy's `CalendarEvent`
 * and the accounts a user's calendar is read from. No route calls this directly: see
 * list-calendar-events.ts and its siblings for the spec's fetches and their failure rules.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  attendeeName,
  CALENDAR_MESSAGES,
  isRoomAddress,
  UNTITLED_EVENT,
  zonedMidnightIso,
  type CalendarEvent,
  type CalendarResponse,
} from '@summy/core';
import { account, contacts, meetings, userGoogleAccounts, type Database } from '@summy/db';
import { AppError } from '../../errors/app-errors.ts';
import { GoogleReconnectError } from '../../integrations/google/errors.ts';
import { log } from '../../log.ts';
import { withGoogleAuthRetry, type GoogleDeps } from '../google/google-tokens.ts';

/** An attendee in Google's form (the fields Summy reads). */
export interface GoogleAttendee {
  email?: string;
  displayName?: string;
  self?: boolean;
  responseStatus?: string;
  resource?: boolean;
}

/** An Events resource in Google's form (the fields of {@link EVENT_FIELDS}). */
export interface GoogleEvent {
  id: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  htmlLink?: string;
  start?: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
  attendees?: GoogleAttendee[];
  organizer?: { email?: string; self?: boolean };
  recurringEventId?: string;
}

/** The `fields` filter of every call: only what Summy reads (spec 001 section 7). */
export const EVENT_FIELDS =
  'nextPageToken,timeZone,items(id,status,summary,description,location,htmlLink,start,end,recurringEventId,organizer(email,self),attendees(email,displayName,self,responseStatus,resource))';

/** Parameters of one `events.list` call (Google's names; times ISO 8601). */
export interface EventsQuery {
  timeMin: string;
  timeMax: string;
  /** Per page; Google sends at most 2,500 whatever is asked. */
  maxResults: number;
  orderBy?: 'startTime';
  q?: string;
  /** IANA zone of the answer's date-times; Google's default is the calendar's zone. */
  timeZone?: string;
}

/** The events of one account and the zone Google reported for its calendar. */
export interface AccountEvents {
  items: GoogleEvent[];
  /** The calendar's IANA zone (`timeZone` of the answer). */
  timeZone: string | undefined;
}

/** A Google account whose calendar is read: `account` row id and its e-mail. */
export interface CalendarAccount {
  id: string;
  email: string;
}

/**
 * 499 'Request was cancelled' (spec 001 section 8): the browser went away (or the caller
 * aborted), so no answer will be read. 499 is the status proxies log for a client that closed.
 */
export class CalendarRequestCancelledError extends AppError {
  constructor() {
    super(499 as -1, CALENDAR_MESSAGES.cancelled, 'The client closed the request');
  }
}

/** 502: Calendar answered an error other than 401 (or not JSON); logged by the callers. */
export class GoogleCalendarError extends AppError {
  constructor(status: number, detail: string) {
    super(502, CALENDAR_MESSAGES.loadFailed, `Google Calendar answered ${status}: ${detail}`);
  }
}

/** Longest wait for one page from Google, in ms. */
export const CALENDAR_PAGE_TIMEOUT_MS = 30_000;

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
 * Every page of `events.list` on the account's primary calendar with `singleEvents=true`
 * (recurring series expanded into instances), following `nextPageToken` until Google sends none
 * or `maxPages` pages were read.
 * @param signal aborts the calls (the browser went away)
 * @throws CalendarRequestCancelledError when `signal` aborts
 * @throws GoogleReconnectError when the 401 refresh-and-retry-once rule gives up
 * @throws GoogleCalendarError on another error answer; GoogleUnavailableError when the refresh
 *   cannot reach Google; NotFoundError when the account is not the user's
 */
export async function fetchGoogleEvents(
  deps: GoogleDeps,
  userId: string,
  accountId: string,
  query: EventsQuery,
  options: { signal?: AbortSignal; maxPages?: number } = {},
): Promise<AccountEvents> {
  const { signal, maxPages = Infinity } = options;
  const items: GoogleEvent[] = [];
  let timeZone: string | undefined;
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    if (signal?.aborted) throw new CalendarRequestCancelledError();
    const url = new URL(`${deps.google.calendarApiUrl}/calendars/primary/events`);
    const params: Record<string, string | undefined> = {
      singleEvents: 'true',
      timeMin: query.timeMin,
      timeMax: query.timeMax,
      maxResults: String(query.maxResults),
      orderBy: query.orderBy,
      q: query.q,
      timeZone: query.timeZone,
      fields: EVENT_FIELDS,
      pageToken,
    };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    const timeout = AbortSignal.timeout(CALENDAR_PAGE_TIMEOUT_MS);
    const callSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await withGoogleAuthRetry(deps, userId, accountId, (token) =>
        fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: callSignal }),
      );
    } catch (err) {
      if (signal?.aborted) throw new CalendarRequestCancelledError();
      if (err instanceof AppError) throw err;
      throw new GoogleCalendarError(0, (err as Error).message);
    }
    const body = (await res.json().catch(() => null)) as {
      items?: GoogleEvent[];
      nextPageToken?: string;
      timeZone?: string;
      error?: { message?: string };
    } | null;
    if (signal?.aborted) throw new CalendarRequestCancelledError();
    if (!res.ok || !body) {
      throw new GoogleCalendarError(res.status, body?.error?.message ?? 'not JSON');
    }
    items.push(...(body.items ?? []));
    timeZone ??= body.timeZone;
    pageToken = body.nextPageToken || undefined;
    if (!pageToken) break;
  }
  return { items, timeZone };
}

/** The user's own answer: their attendee entry, else accepted when they organise or nobody is invited. */
function myStatus(event: GoogleEvent): CalendarResponse {
  const mine = event.attendees?.find((a) => a.self)?.responseStatus;
  if (mine === 'accepted' || mine === 'tentative' || mine === 'declined' || mine === 'needsAction')
    return mine;
  if (event.organizer?.self || !event.attendees?.length) return 'accepted';
  return 'needsAction';
}

/** Whether the user declined the event (declined events are left out everywhere, spec 001 section 5). */
export function isDeclined(event: GoogleEvent): boolean {
  return myStatus(event) === 'declined';
}

/**
 * Google's event as Summy's `CalendarEvent`, without `linkedMeetingId` and photos (see
 * {@link enrichCalendarEvents}). Rooms are dropped from the attendees: they are places, not
 * people (the location names them). All-day times are midnight in `timeZone`.
 * @returns null for events Summy never shows: cancelled ones and ones without a start or end
 */
export function toCalendarEvent(
  event: GoogleEvent,
  from: CalendarAccount,
  timeZone: string,
): CalendarEvent | null {
  if (event.status === 'cancelled') return null;
  const startDate = event.start?.date ?? null;
  const endDate = event.end?.date ?? null;
  const isAllDay = Boolean(startDate && endDate && !event.start?.dateTime);
  const startTime = isAllDay ? zonedMidnightIso(startDate!, timeZone) : event.start?.dateTime;
  const endTime = isAllDay ? zonedMidnightIso(endDate!, timeZone) : event.end?.dateTime;
  if (!startTime || !endTime) return null;
  return {
    id: event.id,
    title: event.summary?.trim() || UNTITLED_EVENT,
    startTime,
    endTime,
    isAllDay,
    startDate: isAllDay ? startDate : null,
    endDate: isAllDay ? endDate : null,
    isRecurring: Boolean(event.recurringEventId),
    recurringEventId: event.recurringEventId ?? null,
    myStatus: myStatus(event),
    accountId: from.id,
    accountEmail: from.email,
    location: event.location ?? null,
    description: event.description ?? null,
    attendees: (event.attendees ?? [])
      .filter((a) => a.email && !a.resource && !isRoomAddress(a.email))
      .map((a) => ({
        email: a.email!,
        name: attendeeName(a.email!, a.displayName),
        photoUrl: null,
        responseStatus: a.responseStatus ?? null,
      })),
    linkedMeetingId: null,
    htmlLink: event.htmlLink ?? null,
  };
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

/** How a fetch across accounts treats one account's failure (spec 001 section 8). */
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
          log.warn(`[calendar] account ${acc.id}: ${(err as Error).message}`);
          throw err;
        }
        log.warn(`[calendar] range fetch of account ${acc.id} failed:`, (err as Error).message);
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
 * of the upcoming and per-account fetches, spec 001 section 8).
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
