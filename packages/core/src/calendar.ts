/**
 * Google Calendar events as Summy shows and links them: the shapes of `/api/calendar/*` and of
 * `POST /api/meetings/:id/calendar-event`, its limits and messages, and the local search scoring.
 * No I/O here.
 */
import { z } from './zod.ts';
import { meetingSchema } from './contracts.ts';
import { meetingGroupSchema } from './meeting-groups.ts';
import { boundedText, TEXT_LIMITS } from './limits.ts';

/** Calendar constants (counts are events, spans are days). */
export const CALENDAR_LIMITS = {
  /** Events asked of Google per page of a range fetch (Google's maximum). */
  rangePageSize: 2500,
  /** Upcoming meetings: days ahead of now. */
  upcomingDays: 3,
  /** Upcoming meetings: most events. */
  upcomingMax: 50,
  /** Events of one account: days ahead of now. */
  accountDays: 7,
  /** Events of one account: most events. */
  accountMax: 100,
  /** Search: days back from now. */
  searchDaysBack: 30,
  /** Search: days ahead of now. */
  searchDaysAhead: 7,
  /** Search: events fetched from Google per account before local scoring. */
  searchFetched: 100,
  /** Search: most results answered. */
  searchResults: 10,
  /** Contacts sync: events of the past month read for attendees. */
  contactsMonthEvents: 200,
  /** Most attendee avatars drawn before '+N'. */
  maxAvatars: 5,
  /** Longest range of `GET /api/calendar/events`, in days (about two months). */
  maxRangeDays: 62,
} as const;

/** Fixed messages of the calendar and event linking. */
export const CALENDAR_MESSAGES = {
  cancelled: 'Request was cancelled',
  loadFailed: 'Failed to load calendar events',
  loadFailedDetail: "Please make sure you're connected to Google Calendar",
  linkFailed: 'Failed to link event',
  linkFailedDetail: 'Please try again',
  linked: 'Calendar event linked',
  linkedDetail: 'Meeting has been linked to the calendar event',
  unlinkFailed: 'Failed to unlink event: Please try again',
  unlinked: 'Calendar event unlinked',
  notConfigured: 'Google is not configured on this server',
} as const;

/** Title of an event without one. */
export const UNTITLED_EVENT = 'Untitled Event';

/** An attendee's name, or the part of the e-mail before '@' when Google gives none. */
export function attendeeName(email: string, displayName?: string | null): string {
  const name = displayName?.trim();
  if (name) return name;
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

/** An attendee of a calendar event as the browser sees it. */
export const calendarAttendeeSchema = z.object({
  email: z.string(),
  /** Google's display name, falling back to the part of the e-mail before '@'. */
  name: z.string(),
  /** From the user's contacts (joined by e-mail); null when unknown. */
  photoUrl: z.string().nullable(),
  /** Google's `responseStatus` (accepted, tentative, needsAction, declined); null when absent. */
  responseStatus: z.string().nullable(),
});
/** An attendee of a calendar event. */
export type CalendarAttendee = z.infer<typeof calendarAttendeeSchema>;

/** The user's answer to an event. */
export const calendarResponseSchema = z.enum(['accepted', 'tentative', 'needsAction', 'declined']);
/** The user's answer to an event. */
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/**
 * A Google Calendar event (plus what the UI needs). Timed events: `startTime`/`endTime` are ISO
 * 8601 with offset. All-day events carry `startDate`/`endDate` ('YYYY-MM-DD', end EXCLUSIVE as
 * Google gives it) and `startTime`/`endTime` are those dates at 00:00 in the requested time zone,
 * ISO 8601 with that zone's offset.
 */
export const calendarEventSchema = z.object({
  /** Google's event id (an instance id for recurring events: singleEvents=true). */
  id: z.string(),
  /** The summary, 'Untitled Event' when empty. */
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isAllDay: z.boolean(),
  /** All-day only: first day, 'YYYY-MM-DD'. */
  startDate: z.string().nullable(),
  /** All-day only: the day AFTER the last day, 'YYYY-MM-DD' (exclusive). */
  endDate: z.string().nullable(),
  isRecurring: z.boolean(),
  recurringEventId: z.string().nullable(),
  /** The user's answer; `accepted` when they organise it or it has no attendees, else `needsAction` by default. */
  myStatus: calendarResponseSchema,
  /** The linked Google account (Better Auth `account` row id) the event came from. */
  accountId: z.string(),
  accountEmail: z.string(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  attendees: z.array(calendarAttendeeSchema),
  /** The user's meeting linked to this event id, if any. */
  linkedMeetingId: z.string().nullable(),
  /** Google's page of the event. */
  htmlLink: z.string().nullable(),
});
/** A calendar event. */
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** Answer of `GET /api/calendar/events`, `/upcoming` and `/search`. */
export const calendarEventsAnswerSchema = z.object({ events: z.array(calendarEventSchema) });
/** Answer of the calendar routes. */
export type CalendarEventsAnswer = z.infer<typeof calendarEventsAnswerSchema>;

/**
 * Body of `POST /api/meetings/:id/calendar-event`: the documented "linked event payload" (id,
 * title, attendees with email and displayName, recurringEventId) plus the account it came from
 * (defaults to the primary account). Texts bounded by `TEXT_LIMITS`.
 */
export const linkCalendarEventSchema = z
  .object({
    id: boundedText(TEXT_LIMITS.identifier).trim().min(1),
    title: boundedText(TEXT_LIMITS.title).nullish(),
    attendees: z
      .array(
        z.object({
          email: boundedText(TEXT_LIMITS.email).trim().min(1),
          displayName: boundedText(TEXT_LIMITS.personName).nullish(),
        }),
      )
      .max(1000)
      .default([]),
    recurringEventId: boundedText(TEXT_LIMITS.identifier).nullish(),
    accountId: boundedText(TEXT_LIMITS.identifier).optional(),
  })
  .strict();
/** Body of a link. */
export type LinkCalendarEventInput = z.infer<typeof linkCalendarEventSchema>;

/** A group of a meeting as `GET /api/meetings/:id/groups` answers it: the group without its member list. */
export const meetingGroupSummarySchema = meetingGroupSchema.omit({ meetingIds: true });
/** A group of a meeting. */
export type MeetingGroupSummary = z.infer<typeof meetingGroupSummarySchema>;

/** Answer of `GET /api/meetings/:id/groups`. */
export const meetingGroupsAnswerSchema = z.object({ groups: z.array(meetingGroupSummarySchema) });
/** Answer of the groups route. */
export type MeetingGroupsAnswer = z.infer<typeof meetingGroupsAnswerSchema>;

/**
 * Answer of `POST /api/meetings/:id/calendar-event`: the linked meeting and every group it is now a
 * member of.
 */
export const linkedMeetingAnswerSchema = meetingSchema.extend({
  groups: z.array(meetingGroupSummarySchema),
});
/** Answer of a link. */
export type LinkedMeetingAnswer = z.infer<typeof linkedMeetingAnswerSchema>;

/**
 * A resource (room) address: containing '@resource' or starting with 'c_'. Rooms are not people:
 * they get no group, no participant name and no contact.
 */
export function isRoomAddress(email: string): boolean {
  const e = email.toLowerCase();
  return e.includes('@resource') || e.startsWith('c_');
}

/**
 * Midnight of a calendar day in an IANA time zone, as ISO 8601 with that zone's offset
 * (`2026-03-29T00:00:00+01:00`): the `startTime`/`endTime` of all-day events.
 * @param date 'YYYY-MM-DD'
 * @param timeZone IANA zone, e.g. 'Europe/Berlin'
 * @throws RangeError for an unknown time zone
 */
export function zonedMidnightIso(date: string, timeZone: string): string {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // The offset at UTC midnight, then at the instant it points to: right unless midnight falls
  // inside a daylight-saving jump, where the later offset is the one in force.
  const first = zoneOffsetMinutes(utcMidnight, timeZone);
  const offset = zoneOffsetMinutes(utcMidnight - first * 60_000, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${date}T00:00:00${sign}${hh}:${mm}`;
}

/** Offset of `timeZone` from UTC at the instant `ms`, in minutes (east positive). */
function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = name?.match(/GMT([+-])(\d{2}):(\d{2})/);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Query of `GET /api/calendar/search`: `q`, 1 to 200 characters after trimming. */
export const calendarSearchQuerySchema = z.object({
  q: boundedText(TEXT_LIMITS.search).trim().min(1),
});

const DAY_MS = 86_400_000;

/**
 * The local score of an event for a search: a case-insensitive substring of the trimmed query in
 * the title counts 3, in the description 1, in the location 1, and 1 more when the event started
 * within the past 7 days (not in the future). 0 means no match. `startTime` is ISO 8601; `now` is
 * the reference instant.
 */
export function scoreCalendarEvent(
  event: {
    title: string;
    description?: string | null;
    location?: string | null;
    startTime: string;
  },
  query: string,
  now: Date,
): number {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  let score = 0;
  if (event.title.toLowerCase().includes(q)) score += 3;
  if (event.description?.toLowerCase().includes(q)) score += 1;
  if (event.location?.toLowerCase().includes(q)) score += 1;
  if (score === 0) return 0;
  const start = Date.parse(event.startTime);
  const ago = now.getTime() - start;
  if (ago >= 0 && ago <= 7 * DAY_MS) score += 1;
  return score;
}

/**
 * The search results: events scoring 0 dropped, then score descending, then the most recent start
 * first, at most `CALENDAR_LIMITS.searchResults` (10).
 */
export function rankCalendarSearch<
  T extends {
    title: string;
    description?: string | null;
    location?: string | null;
    startTime: string;
  },
>(events: readonly T[], query: string, now: Date): T[] {
  return events
    .map((event) => ({ event, score: scoreCalendarEvent(event, query, now) }))
    .filter((s) => s.score > 0)
    .sort(
      (a, b) => b.score - a.score || Date.parse(b.event.startTime) - Date.parse(a.event.startTime),
    )
    .slice(0, CALENDAR_LIMITS.searchResults)
    .map((s) => s.event);
}
