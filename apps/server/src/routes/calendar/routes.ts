/**
 * `/api/calendar/*`: the user's Google Calendar events across every linked account, each answering
 * `{events: CalendarEvent[]}`; and the calendar link of a meeting under `/api/meetings/:id`. The
 * calendar routes answer 404 without GOOGLE_CLIENT_ID/SECRET, like `/api/google/*`; the link routes
 * work without Google (they only write Summy's own rows), so a stored link can always be undone.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  boundedDate,
  boundedText,
  CALENDAR_LIMITS,
  calendarEventsAnswerSchema,
  calendarSearchQuerySchema,
  isKnownTimeZone,
  linkCalendarEventSchema,
  linkedMeetingAnswerSchema,
  meetingGroupsAnswerSchema,
  meetingSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { GoogleNotConfiguredError } from '../../integrations/google/errors.ts';
import {
  createRouter,
  errorContent,
  errorResponses,
  idParam,
  jsonAnswer,
  jsonBody,
} from '../../http/openapi.ts';
import { listAccountEvents } from '../../services/calendar/list-account-events.ts';
import { listCalendarEvents } from '../../services/calendar/list-calendar-events.ts';
import { listUpcomingMeetings } from '../../services/calendar/list-upcoming-meetings.ts';
import {
  linkCalendarEvent,
  unlinkCalendarEvent,
} from '../../services/calendar/link-calendar-event.ts';
import { searchCalendarEvents } from '../../services/calendar/search-calendar-events.ts';
import type { GoogleDeps } from '../../integrations/google/tokens.ts';
import { listGroupsOfMeeting } from '../../services/meeting-groups/list-groups-of-meeting.ts';

const tags = ['calendar'];
const DAY_MS = 86_400_000;

const rangeQuery = z
  .object({
    timeMin: boundedDate.describe('Start of the range, ISO 8601 with offset'),
    timeMax: boundedDate.describe(
      'End of the range (exclusive), ISO 8601 with offset; at most 62 days after timeMin',
    ),
    timeZone: boundedText(100)
      .refine(isKnownTimeZone, 'Unknown time zone')
      .optional()
      .describe(
        "IANA zone of the answer's date-times and all-day midnights, e.g. Europe/Berlin; default: each calendar's own",
      ),
  })
  .refine((q) => Date.parse(q.timeMin) < Date.parse(q.timeMax), {
    message: 'timeMin must be before timeMax',
    path: ['timeMax'],
  })
  .refine(
    (q) => Date.parse(q.timeMax) - Date.parse(q.timeMin) <= CALENDAR_LIMITS.maxRangeDays * DAY_MS,
    {
      message: `The range may span at most ${CALENDAR_LIMITS.maxRangeDays} days`,
      path: ['timeMax'],
    },
  );

const accountParam = z.object({ id: boundedText(200).min(1) });

const reconnectResponse = {
  409: {
    description:
      "`{error: 'Authentication failed, please reconnect Google Calendar'}`: the primary account's token was refused and one refresh did not cure it (its tokens are removed)",
    content: errorContent,
  },
} as const;

/** The router these routes are added to. */
type Router = ReturnType<typeof createRouter>;

/** `/api/calendar` routes (404 when Google is not configured). */
export function calendarRoutes({ env, database: { db }, auth }: AppDeps) {
  const deps = (): GoogleDeps => {
    if (!env.google) throw new GoogleNotConfiguredError();
    return { db, auth, google: env.google };
  };
  const router = createRouter();
  eventListRoutes(router, deps);
  eventSearchRoutes(router, deps);
  return router;
}

/** The primary account's events in a range, and the upcoming meetings. */
function eventListRoutes(router: Router, deps: () => GoogleDeps): void {
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/events',
        tags,
        summary:
          'Every event of every linked Google account in a range (all-day kept, declined left out), by start',
        request: { query: rangeQuery },
        responses: {
          200: jsonAnswer(calendarEventsAnswerSchema, 'The events'),
          ...reconnectResponse,
          ...errorResponses,
        },
      }),
      async (c) => {
        const events = await listCalendarEvents(
          deps(),
          c.var.userId,
          c.req.valid('query'),
          c.req.raw.signal,
        );
        return c.json({ events }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/upcoming',
        tags,
        summary:
          'Meetings of the next 3 days across linked accounts (timed, not declined), at most 50; empty on any Google failure',
        responses: {
          200: jsonAnswer(calendarEventsAnswerSchema, 'The meetings'),
          ...errorResponses,
        },
      }),
      async (c) => {
        const events = await listUpcomingMeetings(deps(), c.var.userId, c.req.raw.signal);
        return c.json({ events }, 200);
      },
    );
}

/** Searching events, and one linked account's events. */
function eventSearchRoutes(router: Router, deps: () => GoogleDeps): void {
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/search',
        tags,
        summary:
          'Search events from 30 days back to 7 ahead: the best 10 by title 3, description 1, location 1, +1 in the past week; empty on any Google failure',
        request: { query: calendarSearchQuerySchema },
        responses: {
          200: jsonAnswer(calendarEventsAnswerSchema, 'The best matches'),
          ...errorResponses,
        },
      }),
      async (c) => {
        const events = await searchCalendarEvents(
          deps(),
          c.var.userId,
          c.req.valid('query').q,
          c.req.raw.signal,
        );
        return c.json({ events }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/accounts/{id}/events',
        tags,
        summary:
          'The next 7 days of one linked account, at most 100 (declined left out); empty on any Google failure',
        request: { params: accountParam },
        responses: { 200: jsonAnswer(calendarEventsAnswerSchema, 'The events'), ...errorResponses },
      }),
      async (c) => {
        const events = await listAccountEvents(
          deps(),
          c.var.userId,
          c.req.valid('param').id,
          c.req.raw.signal,
        );
        return c.json({ events }, 200);
      },
    );
}

/** `/api/meetings/:id/calendar-event` and `/api/meetings/:id/groups`. */
export function meetingCalendarRoutes({ database: { db } }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/calendar-event',
        tags,
        summary:
          'Link a meeting to a calendar event: stores the calendar fields (its participants stay as they are) and files it into domain and recurring groups',
        request: { params: idParam, body: jsonBody(linkCalendarEventSchema) },
        responses: {
          200: jsonAnswer(linkedMeetingAnswerSchema, 'The linked meeting with its groups'),
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json(
          await linkCalendarEvent(db, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}/calendar-event',
        tags,
        summary:
          "Unlink a meeting from its calendar event: clears every calendar field and leaves the link's groups",
        request: { params: idParam },
        responses: { 200: jsonAnswer(meetingSchema, 'The unlinked meeting'), ...errorResponses },
      }),
      async (c) =>
        c.json(await unlinkCalendarEvent(db, c.var.userId, c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/groups',
        tags,
        summary: 'The groups a meeting belongs to',
        request: { params: idParam },
        responses: { 200: jsonAnswer(meetingGroupsAnswerSchema, 'The groups'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          { groups: await listGroupsOfMeeting(db, c.var.userId, c.req.valid('param').id) },
          200,
        ),
    );
}
