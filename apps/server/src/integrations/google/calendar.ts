/**
 * Calendar API v3 `events.list` on the primary calendar of one linked Google account
 * (https://developers.google.com/calendar/api/v3/reference/events/list), through
 * `withGoogleAuthRetry` so a 401 forces one refresh and one retry; every page is parsed with zod.
 * Also the mapping of Google's Events resource to Summy's `CalendarEvent`. The accounts read and
 * the failure rules are the services' (services/calendar/).
 */
import {
  attendeeName,
  CALENDAR_MESSAGES,
  isRoomAddress,
  UNTITLED_EVENT,
  zonedMidnightIso,
  type CalendarEvent,
  type CalendarResponse,
} from '@summy/core';
import { AppError } from '../../errors/app-errors.ts';
import { eventsPage } from './answers.ts';
import { withGoogleAuthRetry, type GoogleDeps } from './tokens.ts';

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

/** The `fields` filter of every call: only what Summy reads, to keep answers small. */
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
 * 499 'Request was cancelled': the browser went away (or the caller aborted), so no answer will
 * be read. 499 is the status proxies log for a client that closed.
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
    const url = eventsPageUrl(deps, query, pageToken);
    const body = await fetchEventsPage(deps, userId, accountId, url, signal);
    items.push(...(body.items ?? []));
    timeZone ??= body.timeZone;
    pageToken = body.nextPageToken || undefined;
    if (!pageToken) break;
  }
  return { items, timeZone };
}

// The URL of one `events.list` page: the query's parameters that are set, and the page token.
function eventsPageUrl(deps: GoogleDeps, query: EventsQuery, pageToken: string | undefined): URL {
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
  return url;
}

// One page, read within CALENDAR_PAGE_TIMEOUT_MS; throws as fetchGoogleEvents does.
async function fetchEventsPage(
  deps: GoogleDeps,
  userId: string,
  accountId: string,
  url: URL,
  signal: AbortSignal | undefined,
) {
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
  const json: unknown = await res.json().catch(() => null);
  if (signal?.aborted) throw new CalendarRequestCancelledError();
  const page = eventsPage.safeParse(json);
  const body = page.success ? page.data : null;
  if (!res.ok || !body) {
    const detail = json === null ? 'not JSON' : 'not an events page';
    throw new GoogleCalendarError(res.status, body?.error?.message ?? detail);
  }
  return body;
}

/** The user's own answer: their attendee entry, else accepted when they organise or nobody is invited. */
function myStatus(event: GoogleEvent): CalendarResponse {
  const mine = event.attendees?.find((a) => a.self)?.responseStatus;
  if (mine === 'accepted' || mine === 'tentative' || mine === 'declined' || mine === 'needsAction')
    return mine;
  if (event.organizer?.self || !event.attendees?.length) return 'accepted';
  return 'needsAction';
}

/**
 * Whether the user declined the event (declined events are left out everywhere,
 * docs/product.md#calendar).
 */
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
  const times = eventTimes(event, timeZone);
  if (!times) return null;
  return {
    id: event.id,
    title: event.summary?.trim() || UNTITLED_EVENT,
    ...times,
    isRecurring: Boolean(event.recurringEventId),
    recurringEventId: event.recurringEventId ?? null,
    myStatus: myStatus(event),
    accountId: from.id,
    accountEmail: from.email,
    location: event.location ?? null,
    description: event.description ?? null,
    attendees: people(event.attendees ?? []),
    linkedMeetingId: null,
    htmlLink: event.htmlLink ?? null,
  };
}

// Start and end: midnight in `timeZone` of the dates for an all-day event; null without either.
function eventTimes(event: GoogleEvent, timeZone: string) {
  const startDate = event.start?.date ?? null;
  const endDate = event.end?.date ?? null;
  const isAllDay = Boolean(startDate && endDate && !event.start?.dateTime);
  const startTime = isAllDay ? zonedMidnightIso(startDate!, timeZone) : event.start?.dateTime;
  const endTime = isAllDay ? zonedMidnightIso(endDate!, timeZone) : event.end?.dateTime;
  if (!startTime || !endTime) return null;
  return {
    startTime,
    endTime,
    isAllDay,
    startDate: isAllDay ? startDate : null,
    endDate: isAllDay ? endDate : null,
  };
}

// The attendees who are people: rooms (resources, room addresses) are places.
function people(attendees: GoogleAttendee[]): CalendarEvent['attendees'] {
  return attendees
    .filter((a) => a.email && !a.resource && !isRoomAddress(a.email))
    .map((a) => ({
      email: a.email!,
      name: attendeeName(a.email!, a.displayName),
      photoUrl: null,
      responseStatus: a.responseStatus ?? null,
    }));
}
