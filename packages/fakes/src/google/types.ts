/**
 * Shapes of the Google fake's data, in Google's own wire form where they leave the fake
 * (Calendar API v3 Events resource; People API v1 Person resource).
 */

/** A Google account the fake can sign in as. */
export interface FakeGoogleAccount {
  /** Google's stable user id, the id_token `sub` (21 digits on real accounts). */
  sub: string;
  email: string;
  /** Display name (`name` claim). */
  name: string;
  givenName: string;
  familyName: string;
  /** Workspace domain (`hd` claim); absent for consumer accounts. */
  hd?: string;
  /** IANA zone of the primary calendar (Calendar's `timeZone`). */
  timeZone: string;
}

/** `start` / `end` of an event: `dateTime` for timed events, `date` (exclusive end) for all-day ones. */
export interface EventTime {
  /** RFC 3339 with offset. */
  dateTime?: string;
  /** `YYYY-MM-DD`; an all-day event's `end.date` is the day after its last day. */
  date?: string;
  /** IANA zone; required on recurring timed events. */
  timeZone?: string;
}

/** An attendee as Calendar returns it; `self` is set by the fake for the calendar's owner. */
export interface EventAttendee {
  email: string;
  displayName?: string;
  /** `needsAction` | `declined` | `tentative` | `accepted`. */
  responseStatus: 'needsAction' | 'declined' | 'tentative' | 'accepted';
  organizer?: boolean;
  self?: boolean;
  /** True for rooms (`…@resource.calendar.google.com`). */
  resource?: boolean;
  optional?: boolean;
}

/**
 * A stored event (Calendar v3 Events resource, the fields Summy reads). `recurrence` holds RFC 5545
 * lines; the fake expands `RRULE:FREQ=WEEKLY` (with `COUNT` or `UNTIL`) only.
 */
export interface FakeCalendarEvent {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start: EventTime;
  end: EventTime;
  organizer?: { email: string; displayName?: string; self?: boolean };
  attendees?: EventAttendee[];
  recurrence?: string[];
  hangoutLink?: string;
  /** RFC 3339 UTC; set by the fake when absent. */
  created?: string;
  updated?: string;
}

/** A People API v1 field source (`metadata.source`). */
export interface PersonSource {
  type: 'CONTACT' | 'PROFILE' | 'DOMAIN_PROFILE' | 'DOMAIN_CONTACT';
  id: string;
}

/** People API v1 Person, the fields Summy reads. */
export interface FakePerson {
  /** `people/c…` for contacts, `people/1…` for profiles. */
  resourceName: string;
  etag?: string;
  names?: {
    metadata: { primary: boolean; source: PersonSource };
    displayName: string;
    givenName?: string;
    familyName?: string;
  }[];
  emailAddresses?: { metadata: { primary: boolean; source: PersonSource }; value: string }[];
  photos?: {
    metadata: { primary: boolean; source: PersonSource };
    url: string;
    default?: boolean;
  }[];
}
