/**
 * The Google fake's seed: a realistic week around "today" for three accounts, deterministic for a
 * given day so tests can name what they expect. Every domain ends in `.test` (RFC 2606).
 *
 * - ada@acme.test (Workspace, Europe/Berlin): a weekly recurring series, overlapping all-day
 *   events, a declined and an unanswered meeting, rooms and group addresses, attendees from five
 *   organisations, a solo event; 130 contacts and a 60-person acme.test directory.
 * - ada.personal@example-mail.test (consumer, Europe/London): a few private events and contacts.
 * - grace@globex.test (Workspace, America/New_York): 2,700 short events over 90 days around
 *   today, so a range fetch pages past Calendar's 2,500-event page limit.
 */
import { addDays, dateInZone, zonedToUtc } from './time.ts';
import { bulkEvents, eventId } from './seed-calendar.ts';
import { contactsFor, directoryFor, ORGS } from './seed-people.ts';
import type { FakeCalendarEvent, FakeGoogleAccount, FakePerson } from './types.ts';

/** The seeded accounts, in picker order. */
export const SEED_ACCOUNTS: readonly FakeGoogleAccount[] = [
  {
    sub: '104938294710928374651',
    email: 'ada@acme.test',
    name: 'Ada Lovelace',
    givenName: 'Ada',
    familyName: 'Lovelace',
    hd: 'acme.test',
    timeZone: 'Europe/Berlin',
  },
  {
    sub: '117263548190273645182',
    email: 'ada.personal@example-mail.test',
    name: 'Ada L.',
    givenName: 'Ada',
    familyName: 'L.',
    timeZone: 'Europe/London',
  },
  {
    sub: '109283746519283746510',
    email: 'grace@globex.test',
    name: 'Grace Hopper',
    givenName: 'Grace',
    familyName: 'Hopper',
    hd: 'globex.test',
    timeZone: 'America/New_York',
  },
];

/** Everything seeded for one account. */
export interface AccountSeed {
  events: FakeCalendarEvent[];
  contacts: FakePerson[];
}

/** The seed: per account e-mail, its calendar and contacts; per domain, its directory. */
export interface GoogleSeed {
  accounts: FakeGoogleAccount[];
  byEmail: Map<string, AccountSeed>;
  directories: Map<string, FakePerson[]>;
}

const ROOM = 'c_1888a4d6e0b1f2e3@resource.calendar.google.com';
const ROOM_NAME = 'Berlin-3-Babbage (8)';
const GROUP = 'eng-team@acme.test';

/** Builds the seed for the ISO week around `today`. Pure: the same day gives the same seed. */
export function buildSeed(today: Date, photoBase: string): GoogleSeed {
  const [ada, personal, grace] = SEED_ACCOUNTS as [
    FakeGoogleAccount,
    FakeGoogleAccount,
    FakeGoogleAccount,
  ];
  const byEmail = new Map<string, AccountSeed>();

  // ada@acme.test: the week of `today` in Berlin, Monday first (ISO weeks).
  const tz = ada.timeZone;
  const todayDate = dateInZone(today.getTime(), tz);
  const weekday = (new Date(`${todayDate}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(todayDate, -weekday);
  const at = (dayOffset: number, hour: number, minute = 0) => {
    const [year, month, day] = addDays(monday, dayOffset).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    const ms = zonedToUtc({ year, month, day, hour, minute, second: 0 }, tz);
    return {
      ms,
      time: { dateTime: new Date(ms).toISOString().replace('.000Z', 'Z'), timeZone: tz },
    };
  };
  const timed = (
    name: string,
    dayOffset: number,
    hour: number,
    minutes: number,
    rest: Partial<FakeCalendarEvent>,
    minute = 0,
  ): FakeCalendarEvent => {
    const start = at(dayOffset, hour, minute);
    const endMs = start.ms + minutes * 60_000;
    return {
      id: eventId(`${monday}:${name}`),
      summary: name,
      start: start.time,
      end: { dateTime: new Date(endMs).toISOString().replace('.000Z', 'Z'), timeZone: tz },
      organizer: { email: ada.email, displayName: ada.name },
      ...rest,
    };
  };
  const allDay = (
    name: string,
    firstDay: number,
    days: number,
    rest: Partial<FakeCalendarEvent> = {},
  ) => ({
    id: eventId(`${monday}:${name}`),
    summary: name,
    start: { date: addDays(monday, firstDay) },
    end: { date: addDays(monday, firstDay + days) },
    organizer: { email: ada.email, displayName: ada.name },
    ...rest,
  });
  const me = (
    responseStatus: 'accepted' | 'declined' | 'needsAction' | 'tentative',
    organizer = false,
  ) => ({
    email: ada.email,
    displayName: ada.name,
    responseStatus,
    ...(organizer ? { organizer: true } : {}),
  });
  const room = {
    email: ROOM,
    displayName: ROOM_NAME,
    resource: true,
    responseStatus: 'accepted' as const,
  };
  const group = {
    email: GROUP,
    displayName: 'Engineering',
    responseStatus: 'needsAction' as const,
  };
  const bob = { email: 'bob.smith@acme.test', displayName: 'Bob Smith' };
  const carol = { email: 'carol.smith@globex.test', displayName: 'Carol Smith' };
  const dave = { email: 'dave.smith@globex.test', displayName: 'Dave Smith' };

  // The series began eight weeks ago, so past instances exist too.
  const series = (() => {
    const start = at(-56, 10);
    return {
      id: eventId('weekly-sync'),
      summary: 'Weekly sync',
      description: 'Status round, blockers, next steps.',
      location: ROOM_NAME,
      start: start.time,
      end: at(-56, 10, 30).time,
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
      organizer: { email: ada.email, displayName: ada.name },
      attendees: [
        me('accepted', true),
        { ...bob, responseStatus: 'accepted' as const },
        { ...carol, responseStatus: 'needsAction' as const },
        group,
        room,
      ],
      hangoutLink: 'https://meet.google.com/abc-defg-hij',
    } satisfies FakeCalendarEvent;
  })();

  const adaEvents: FakeCalendarEvent[] = [
    series,
    timed('Globex kickoff', 0, 14, 60, {
      description: 'Kick-off of the Globex integration project.',
      location: 'Globex HQ, Springfield',
      organizer: { ...carol },
      attendees: [
        { ...carol, organizer: true, responseStatus: 'accepted' },
        { ...dave, responseStatus: 'accepted' },
        me('needsAction'),
        { ...bob, responseStatus: 'tentative' },
      ],
    }),
    timed('1:1 Ada / Bob', 1, 9, 30, {
      attendees: [me('accepted', true), { ...bob, responseStatus: 'accepted' }],
    }),
    timed('Initech vendor review', 1, 15, 45, {
      description: 'Quarterly review of the Initech contract.',
      organizer: { email: 'peter.gibbons@initech.test', displayName: 'Peter Gibbons' },
      attendees: [
        {
          email: 'peter.gibbons@initech.test',
          displayName: 'Peter Gibbons',
          organizer: true,
          responseStatus: 'accepted',
        },
        me('declined'),
        {
          email: 'vendors@initech.test',
          displayName: 'Initech vendors',
          responseStatus: 'needsAction',
        },
      ],
    }),
    timed('Design review', 2, 11, 60, {
      description: 'Week-calendar layout and the meeting page.',
      location: ROOM_NAME,
      attendees: [me('accepted', true), group, room, { ...bob, responseStatus: 'accepted' }],
    }),
    timed(
      'Lunch with Hooli',
      2,
      11,
      60,
      {
        location: 'Cafe Hooli',
        organizer: { email: 'gavin.belson@hooli.test', displayName: 'Gavin Belson' },
        attendees: [
          {
            email: 'gavin.belson@hooli.test',
            displayName: 'Gavin Belson',
            organizer: true,
            responseStatus: 'accepted',
          },
          me('tentative'),
        ],
      },
      30,
    ),
    timed('Focus time', 3, 9, 120, {}),
    timed('Umbrella contract call', 3, 16, 30, {
      organizer: { email: 'alice.wesker@umbrella.test', displayName: 'Alice Wesker' },
      attendees: [
        {
          email: 'alice.wesker@umbrella.test',
          displayName: 'Alice Wesker',
          organizer: true,
          responseStatus: 'accepted',
        },
        me('tentative'),
        { email: 'legal@umbrella.test', responseStatus: 'needsAction' },
      ],
    }),
    timed('Demo day', 4, 13, 120, {
      description: 'Every team shows what it shipped.',
      attendees: [
        me('accepted', true),
        group,
        { ...carol, responseStatus: 'accepted' },
        { ...dave, responseStatus: 'declined' },
        {
          email: 'peter.gibbons@initech.test',
          displayName: 'Peter Gibbons',
          responseStatus: 'needsAction',
        },
        {
          email: 'gavin.belson@hooli.test',
          displayName: 'Gavin Belson',
          responseStatus: 'accepted',
          optional: true,
        },
      ],
    }),
    timed('Retro', -3, 16, 60, { attendees: [me('accepted', true), group] }),
    timed('Globex follow-up', 7, 14, 30, {
      organizer: { ...carol },
      attendees: [{ ...carol, organizer: true, responseStatus: 'accepted' }, me('needsAction')],
    }),
    // Overlapping all-day events: an offsite Tuesday to Thursday, a holiday on Wednesday, and a
    // colleague's absence Monday to Wednesday.
    allDay('Team offsite', 1, 3, {
      location: 'Lake house',
      attendees: [me('accepted', true), group],
    }),
    allDay('Founders day (holiday)', 2, 1),
    allDay('Bob out of office', 0, 3, { organizer: { ...bob } }),
  ];
  byEmail.set(ada.email, { events: adaEvents, contacts: contactsFor(photoBase, ORGS, 130, 'ada') });

  const londonDay = (day: number, hour: number) => {
    const [year, month, d] = addDays(monday, day).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    const ms = zonedToUtc({ year, month, day: d, hour, minute: 0, second: 0 }, personal.timeZone);
    return {
      dateTime: new Date(ms).toISOString().replace('.000Z', 'Z'),
      timeZone: personal.timeZone,
    };
  };
  const personalOrganizer = { email: personal.email, displayName: personal.name };
  byEmail.set(personal.email, {
    events: [
      {
        id: eventId(`${monday}:dentist`),
        summary: 'Dentist',
        start: londonDay(2, 8),
        end: londonDay(2, 9),
        organizer: personalOrganizer,
      },
      {
        id: eventId(`${monday}:dinner`),
        summary: 'Dinner with Carol',
        location: 'Trattoria',
        start: londonDay(4, 19),
        end: londonDay(4, 21),
        organizer: personalOrganizer,
        attendees: [
          {
            email: personal.email,
            displayName: personal.name,
            organizer: true,
            responseStatus: 'accepted',
          },
          {
            email: 'carol.home@example-mail.test',
            displayName: 'Carol',
            responseStatus: 'accepted',
          },
        ],
      },
      {
        id: eventId(`${monday}:birthday`),
        summary: "Carol's birthday",
        start: { date: addDays(monday, 5) },
        end: { date: addDays(monday, 6) },
        organizer: personalOrganizer,
      },
    ],
    contacts: contactsFor(photoBase, ['example-mail.test'], 12, 'personal'),
  });

  byEmail.set(grace.email, { events: bulkEvents(today, grace), contacts: [] });

  return {
    accounts: SEED_ACCOUNTS.map((a) => ({ ...a })),
    byEmail,
    directories: new Map([
      ['acme.test', directoryFor('acme.test', photoBase, 60, ada)],
      ['globex.test', directoryFor('globex.test', photoBase, 20, grace)],
    ]),
  };
}
