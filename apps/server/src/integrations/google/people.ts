/**
 * The Google reads of the contacts sync, each through the 401-refresh-retry-once rule of one linked
 * account: calendar attendees of the past month, personal contacts (`people/me/connections`), one
 * directory profile (`people:searchDirectoryPeople`) and one contact (`people:searchContacts`).
 * Every failure of these helpers, missing tokens and failed refreshes included, gives an empty
 * answer and is only logged, so the sync goes on with the rest (docs/product.md#contacts).
 */
import { CONTACT_LIMITS, type AttendeeAddress } from '@summy/core';
import type { z } from 'zod';
import { log } from '../../log.ts';
import {
  attendeesPage,
  connectionsPage,
  contactResults,
  directoryPeople,
  type googlePerson,
} from './answers.ts';
import { withGoogleAuthRetry, type GoogleDeps } from './tokens.ts';

/** A person as the sync stores it: lower-case e-mail, optional name and photo. */
export interface PersonContact {
  email: string;
  displayName: string | null;
  photoUrl: string | null;
}

/** People API v1 Person, the fields the sync reads. */
type GooglePerson = z.output<typeof googlePerson>;

/** One linked account's view of Google for the sync. */
export interface PeopleClient {
  /** Attendees of the primary calendar's events of the past month (200 events at most). */
  calendarAttendees(): Promise<AttendeeAddress[]>;
  /** Every personal contact with at least one e-mail, 100 a page. */
  personalContacts(): Promise<PersonContact[]>;
  /** The domain directory's profile of an e-mail; null when none or on failure. */
  directoryPerson(email: string): Promise<PersonContact | null>;
  /** The user's own contact (or profile) of an e-mail; null when none or on failure. */
  searchContact(email: string): Promise<PersonContact | null>;
}

const primaryFirst = <T extends { metadata?: { primary?: boolean } }>(list: T[] | undefined) =>
  [...(list ?? [])].sort(
    (a, b) => Number(b.metadata?.primary ?? 0) - Number(a.metadata?.primary ?? 0),
  );

/**
 * A People API person as a contact: the primary e-mail (else the first), the primary name, and the
 * primary photo unless it is Google's generated placeholder (`default: true`).
 * @returns null without any e-mail (a personal contact needs at least one)
 */
export function toPersonContact(person: GooglePerson): PersonContact | null {
  const email = primaryFirst(person.emailAddresses)
    .map((e) => e.value?.trim().toLowerCase())
    .find((e): e is string => Boolean(e && e.includes('@')));
  if (!email) return null;
  const displayName =
    primaryFirst(person.names)
      .map((n) => n.displayName?.trim())
      .find(Boolean) ?? null;
  const photoUrl =
    primaryFirst(person.photos)
      .filter((p) => !p.default)
      .map((p) => p.url)
      .find(Boolean) ?? null;
  return { email, displayName, photoUrl };
}

/** One GET with the account's token, parsed with `schema`; null (logged) on any failure, so the sync goes on. */
function accountGet(deps: GoogleDeps, userId: string, accountId: string) {
  return async <T>(url: URL, what: string, schema: z.ZodType<T>): Promise<T | null> => {
    try {
      const res = await withGoogleAuthRetry(deps, userId, accountId, (token) =>
        fetch(url, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(30_000),
        }),
      );
      if (!res.ok) {
        await res.body?.cancel();
        log.warn({ accountId, status: res.status }, `[contacts] ${what} answered an error`);
        return null;
      }
      const body = schema.safeParse(await res.json());
      if (!body.success) {
        log.warn({ accountId }, `[contacts] ${what} answered an unexpected body`);
        return null;
      }
      return body.data;
    } catch (err) {
      log.warn({ err, accountId }, `[contacts] ${what} failed`);
      return null;
    }
  };
}

/** A People API URL: `base/path` with the parameters (a list repeats its parameter). */
function peopleUrl(base: string, path: string, params: Record<string, string | string[]>): URL {
  const url = new URL(`${base}/${path}`);
  for (const [k, v] of Object.entries(params))
    for (const one of [v].flat()) url.searchParams.append(k, one);
  return url;
}

/**
 * The Google reads of one linked account.
 * @param now the clock of the attendee window (tests move it)
 */
export function peopleClient(
  deps: GoogleDeps,
  userId: string,
  accountId: string,
  now: () => Date,
): PeopleClient {
  const { calendarApiUrl, peopleApiUrl } = deps.google;
  const get = accountGet(deps, userId, accountId);
  const readMask = 'names,emailAddresses,photos';

  return {
    async calendarAttendees() {
      const end = now();
      const start = new Date(end);
      start.setMonth(start.getMonth() - 1);
      const url = new URL(`${calendarApiUrl}/calendars/primary/events`);
      url.search = new URLSearchParams({
        timeMin: start.toISOString(),
        timeMax: end.toISOString(),
        maxResults: String(CONTACT_LIMITS.attendeeEvents),
        singleEvents: 'true',
        fields: 'items(attendees(email,displayName))',
      }).toString();
      const body = await get(url, 'events.list', attendeesPage);
      return (body?.items ?? [])
        .flatMap((e) => e.attendees ?? [])
        .flatMap((a): AttendeeAddress[] =>
          a.email ? [{ email: a.email, displayName: a.displayName }] : [],
        );
    },

    async personalContacts() {
      const found: PersonContact[] = [];
      let pageToken: string | undefined;
      do {
        const body = await get(
          peopleUrl(peopleApiUrl, 'people/me/connections', {
            pageSize: String(CONTACT_LIMITS.personalPageSize),
            personFields: readMask,
            sources: ['READ_SOURCE_TYPE_CONTACT', 'READ_SOURCE_TYPE_PROFILE'],
            ...(pageToken ? { pageToken } : {}),
          }),
          'people/me/connections',
          connectionsPage,
        );
        for (const person of body?.connections ?? []) {
          const contact = toPersonContact(person);
          if (contact) found.push(contact);
        }
        pageToken = body?.nextPageToken;
      } while (pageToken);
      return found;
    },

    async directoryPerson(email) {
      const body = await get(
        peopleUrl(peopleApiUrl, 'people:searchDirectoryPeople', {
          query: email,
          pageSize: '1',
          readMask,
          sources: 'DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE',
        }),
        'people:searchDirectoryPeople',
        directoryPeople,
      );
      return matching(body?.people?.[0], email);
    },

    async searchContact(email) {
      const body = await get(
        peopleUrl(peopleApiUrl, 'people:searchContacts', {
          query: email,
          pageSize: '1',
          readMask,
          sources: ['READ_SOURCE_TYPE_CONTACT', 'READ_SOURCE_TYPE_PROFILE'],
        }),
        'people:searchContacts',
        contactResults,
      );
      return matching(body?.results?.[0]?.person, email);
    },
  };
}

// Searches match prefixes: the person found must carry the e-mail asked for, else it is someone else.
function matching(person: GooglePerson | undefined, email: string): PersonContact | null {
  if (!person) return null;
  const wanted = email.toLowerCase();
  const has = person.emailAddresses?.some((e) => e.value?.trim().toLowerCase() === wanted);
  const contact = has ? toPersonContact(person) : null;
  return contact ? { ...contact, email: wanted } : null;
}
