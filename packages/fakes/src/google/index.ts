/**
 * A loopback fake of Google (OAuth 2.0 / OpenID Connect, Calendar v3 events.list, People v1) for
 * tests, e2e, benchmarks and local trials. See server.ts for the paths and README.md for use.
 */
export {
  DEFAULT_FAKE_GOOGLE_CLIENT,
  startFakeGoogle,
  type FakeGoogle,
  type FakeGoogleOptions,
  type FakeGoogleRequest,
} from './server.ts';
export type { FakeGoogleClient } from './oauth.ts';
export { BULK_EVENT_COUNT, eventId } from './seed-calendar.ts';
export { makePerson } from './seed-people.ts';
export { SEED_ACCOUNTS } from './seed.ts';
export type {
  EventAttendee,
  EventTime,
  FakeCalendarEvent,
  FakeGoogleAccount,
  FakePerson,
  PersonSource,
} from './types.ts';
