/**
 * zod schemas of the Google answers Summy reads: only the fields it uses, each optional where
 * Google may leave it out, unknown fields ignored. A body that does not match is treated as a
 * failed call by each caller (a changed or broken API is reported, not read half-way).
 * Sources: OAuth 2.0 token endpoint and OpenID Connect userinfo (https://developers.google.com/identity/protocols/oauth2/web-server#offline),
 * Calendar v3 events.list (https://developers.google.com/calendar/api/v3/reference/events/list),
 * People v1 (https://developers.google.com/people/api/rest/v1/people).
 */
import { z } from 'zod';

/** The token endpoint's answer to a `refresh_token` or `authorization_code` grant (or its error). */
export const tokenAnswer = z.object({
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  /** Seconds the access token is valid. */
  expires_in: z.number().optional(),
  /** Space-separated scopes granted. */
  scope: z.string().optional(),
  /** The OpenID Connect id_token (a JWT), on a code exchange with the openid scope. */
  id_token: z.string().optional(),
  error: z.string().optional(),
});

/** A token answer as read. */
export type TokenAnswer = z.infer<typeof tokenAnswer>;

/** The OpenID Connect userinfo endpoint's answer: the fields Summy reads. */
export const userInfoAnswer = z.object({
  /** Google's stable account id. */
  sub: z.string().optional(),
  email: z.string().optional(),
});

const attendee = z.object({
  email: z.string().optional(),
  displayName: z.string().optional(),
  self: z.boolean().optional(),
  responseStatus: z.string().optional(),
  resource: z.boolean().optional(),
});

const eventTime = z.object({ dateTime: z.string().optional(), date: z.string().optional() });

/** An Events resource, the fields of calendar.ts's EVENT_FIELDS. */
export const googleEvent = z.object({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  htmlLink: z.string().optional(),
  start: eventTime.optional(),
  end: eventTime.optional(),
  attendees: z.array(attendee).optional(),
  organizer: z.object({ email: z.string().optional(), self: z.boolean().optional() }).optional(),
  recurringEventId: z.string().optional(),
});

/** One page of events.list, or Google's error body. */
export const eventsPage = z.object({
  items: z.array(googleEvent).optional(),
  nextPageToken: z.string().optional(),
  timeZone: z.string().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
});

/** events.list with `fields=items(attendees(email,displayName))`. */
export const attendeesPage = z.object({
  items: z.array(z.object({ attendees: z.array(attendee).optional() })).optional(),
});

const primary = z.object({ primary: z.boolean().optional() }).optional();

/** A People API Person, the fields the contacts sync reads. */
export const googlePerson = z.object({
  names: z.array(z.object({ displayName: z.string().optional(), metadata: primary })).optional(),
  emailAddresses: z.array(z.object({ value: z.string().optional(), metadata: primary })).optional(),
  photos: z
    .array(
      z.object({ url: z.string().optional(), default: z.boolean().optional(), metadata: primary }),
    )
    .optional(),
});

/** people/me/connections. */
export const connectionsPage = z.object({
  connections: z.array(googlePerson).optional(),
  nextPageToken: z.string().optional(),
});

/** people:searchDirectoryPeople. */
export const directoryPeople = z.object({ people: z.array(googlePerson).optional() });

/** people:searchContacts. */
export const contactResults = z.object({
  results: z.array(z.object({ person: googlePerson.optional() })).optional(),
});

/** An id_token's claims that Summy reads; a claim of another type reads as missing. */
export const idTokenClaims = z.object({
  email: z.string().optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  picture: z.string().optional().catch(undefined),
  hd: z.string().optional().catch(undefined),
});
