/**
 * What the reminders client does once logged in: list the to-do lists, read their reminders and
 * save one, over tsdav's client and the account's fetch state (client.ts). Every step goes
 * through {@link runCaldav}, which turns what the server answered into the errors the routes send.
 */
import {
  REMINDERS_MESSAGES,
  type Reminder,
  type ReminderList,
  type ReminderPatch,
} from '@summy/core';
import type { createDAVClient } from 'tsdav';
import { AppError, NotFoundError } from '../../errors/app-errors.ts';
import { log } from '../../log.ts';
import {
  calendarAnswerSchema,
  calendarObjectAnswerSchema,
  parseAnswer,
  type CalendarAnswer,
  type CalendarObjectAnswer,
} from './answers.ts';
import { RemindersAuthError, RemindersUnavailableError } from './errors.ts';
import { editVtodo, readVtodo, vtodoUid } from './vtodo.ts';

/** What the client's fetch noticed in the answers, which tsdav does not pass on. */
export interface CaldavFetchState {
  /** A 401 answered anywhere. */
  unauthorized: boolean;
  /**
   * The first PROPFIND or REPORT answered with something other than a 207 XML multistatus
   * ('REPORT /alice/work/: HTTP 500'): tsdav drops such an answer, which would read as no lists
   * or no reminders.
   */
  unreadable?: string;
}

/** A logged-in tsdav client and the state its fetch records (a 401, an unreadable answer). */
export interface CaldavSession {
  client: Awaited<ReturnType<typeof createDAVClient>>;
  state: CaldavFetchState;
}

/**
 * Runs one CalDAV step (`what`: 'login', 'listing lists', ...) and answers its result.
 * @throws RemindersAuthError when any answer was a 401; an AppError the step threw as is;
 *   RemindersUnavailableError naming `what` for any other failure, and after login for an
 *   unreadable PROPFIND or REPORT answer (discovery may meet a 404 or 405 on the way)
 */
export async function runCaldav<T>(
  state: CaldavFetchState,
  what: string,
  op: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await op();
  } catch (err) {
    if (state.unauthorized) throw new RemindersAuthError();
    if (err instanceof AppError) throw err;
    log.warn({ err }, `[reminders] ${what} failed`);
    const answer = state.unreadable ? `: unreadable answer (${state.unreadable})` : '';
    throw new RemindersUnavailableError(
      `${REMINDERS_MESSAGES.serverUnreachable}: ${what}${answer}`,
    );
  }
  if (state.unauthorized) throw new RemindersAuthError();
  // Discovery probes may meet a 404 or 405 on the way; once logged in, every answer counts.
  if (state.unreadable && what !== 'login') {
    log.warn({ unreadable: state.unreadable }, `[reminders] ${what}: unreadable answer`);
    throw new RemindersUnavailableError(
      `${REMINDERS_MESSAGES.serverUnreachable}: ${what}: unreadable answer (${state.unreadable})`,
    );
  }
  return result;
}

// A color as CSS: Apple writes #RRGGBBAA, others #RRGGBB; anything else is no colour.
function cssColor(value: string | undefined): string | null {
  const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value?.trim() ?? '');
  return m ? `#${m[1]!.toLowerCase()}` : null;
}

// The display name, else the last path segment (as is when it is not valid percent-encoding).
function listName(calendar: CalendarAnswer): string {
  if (calendar.displayName?.trim()) return calendar.displayName.trim();
  const segment = new URL(calendar.url).pathname.split('/').filter(Boolean).at(-1);
  if (!segment) return calendar.url;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function toList(calendar: CalendarAnswer): ReminderList {
  return {
    id: calendar.url,
    name: listName(calendar),
    color: cssColor(calendar.calendarColor),
    isShared: calendar.resourcetype.some((t) => /^shared/i.test(t)),
  };
}

// RFC 4791 section 7.8.9: a calendar-query for to-dos, optionally narrowed by a prop-filter.
function vtodoFilter(propFilter?: Record<string, unknown>) {
  return [
    {
      'comp-filter': {
        _attributes: { name: 'VCALENDAR' },
        'comp-filter': {
          _attributes: { name: 'VTODO' },
          ...(propFilter ? { 'prop-filter': propFilter } : {}),
        },
      },
    },
  ];
}

// Objects are any non-collection href, not only '*.ics' (tsdav's default filter).
const isObjectUrl = (url: string) => !url.endsWith('/');

async function objectsOf(
  { client, state }: CaldavSession,
  list: ReminderList,
  propFilter?: Record<string, unknown>,
) {
  const what = `reading ${list.name}`;
  const objects = await runCaldav(state, what, () =>
    client.fetchCalendarObjects({
      calendar: { url: list.id },
      filters: vtodoFilter(propFilter),
      urlFilter: isObjectUrl,
    }),
  );
  return parseAnswer(calendarObjectAnswerSchema.array(), objects, what);
}

function parseReminder(object: CalendarObjectAnswer, list: ReminderList): Reminder | null {
  if (object.data === undefined) return null;
  try {
    return readVtodo(object.data, list, object.url);
  } catch (err) {
    log.warn({ err, url: object.url }, '[reminders] skipping an unreadable reminder');
    return null;
  }
}

// text-match is a substring match (RFC 4791 section 9.7.5): the UID must be equal after it.
async function findReminder(session: CaldavSession, id: string, lists: ReminderList[]) {
  const found = await Promise.all(
    lists.map(async (list) => {
      const objects = await objectsOf(session, list, {
        _attributes: { name: 'UID' },
        'text-match': { _attributes: { collation: 'i;octet' }, _text: id },
      });
      const object = objects.find((o) => o.data !== undefined && vtodoUid(o.data) === id);
      return object ? { object, list } : undefined;
    }),
  );
  const hit = found.find((f) => f !== undefined);
  if (!hit) throw new NotFoundError('Reminder');
  return hit;
}

async function checkWritten(state: CaldavFetchState, what: string, res: Response) {
  if (res.ok) return;
  if (res.status === 401 || state.unauthorized) throw new RemindersAuthError();
  throw new RemindersUnavailableError(`${what}: HTTP ${res.status}`);
}

/**
 * The account's to-do lists: collections that accept VTODO (or name no components), by name.
 * @throws as {@link runCaldav}; RemindersUnavailableError for an answer of the wrong shape
 */
export async function fetchReminderLists({ client, state }: CaldavSession) {
  const calendars = parseAnswer(
    calendarAnswerSchema.array(),
    await runCaldav(state, 'listing lists', () => client.fetchCalendars()),
    'listing lists',
  );
  return calendars
    .filter((c) => !c.components.length || c.components.includes('VTODO'))
    .map(toList)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Incomplete reminders of `lists`, most recently modified first; a to-do that does not parse is
 * skipped (and logged).
 * @throws as {@link runCaldav}; RemindersUnavailableError for an answer of the wrong shape
 */
export async function fetchOpenReminders(session: CaldavSession, lists: ReminderList[]) {
  const perList = await Promise.all(
    lists.map(async (list) => {
      // Completed to-dos carry COMPLETED: the server leaves them out.
      const objects = await objectsOf(session, list, {
        _attributes: { name: 'COMPLETED' },
        'is-not-defined': {},
      });
      return objects.map((o) => parseReminder(o, list));
    }),
  );
  return perList
    .flat()
    .filter((r): r is Reminder => r !== null && !r.completed)
    .sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
}

/**
 * Saves `patch` into the reminder whose UID is `id` (searched in `lists`), moving it to the list
 * whose id is `patch.listId` when that differs; answers the reminder as saved.
 * @throws AppError 400 for a `listId` not in `lists`; NotFoundError when no list holds it;
 *   RemindersAuthError / RemindersUnavailableError when the server refuses a write
 */
export async function saveReminder(
  session: CaldavSession,
  id: string,
  patch: ReminderPatch,
  lists: ReminderList[],
  now: Date,
): Promise<Reminder> {
  const { listId, ...fields } = patch;
  const target = listId === undefined ? undefined : lists.find((l) => l.id === listId);
  if (listId !== undefined && !target) {
    throw new AppError(400, REMINDERS_MESSAGES.unknownList, 'Pick one of your reminder lists');
  }
  // One retry when the object changed between our read and write (412 on If-Match).
  for (let attempt = 0; ; attempt++) {
    const { object, list } = await findReminder(session, id, lists);
    const ics = editVtodo(object.data as string, fields, now);
    if (target && target.id !== list.id) return moveReminder(session, object, target, ics);
    const res = await runCaldav(session.state, 'saving the reminder', () =>
      session.client.updateCalendarObject({
        calendarObject: { url: object.url, data: ics, etag: object.etag },
      }),
    );
    if (res.status === 412 && attempt === 0) continue;
    await checkWritten(session.state, 'saving the reminder', res);
    return readVtodo(ics, list, object.url);
  }
}

// A PUT of the edited to-do in the new list under the same file name, then a DELETE of the old.
async function moveReminder(
  { client, state }: CaldavSession,
  object: CalendarObjectAnswer,
  target: ReminderList,
  ics: string,
): Promise<Reminder> {
  const filename = new URL(object.url).pathname.split('/').filter(Boolean).at(-1)!;
  const created = await runCaldav(state, 'moving the reminder', () =>
    client.createCalendarObject({
      calendar: { url: target.id },
      iCalString: ics,
      filename,
    }),
  );
  await checkWritten(state, 'moving the reminder', created);
  const removed = await runCaldav(state, 'moving the reminder', () =>
    client.deleteCalendarObject({ calendarObject: { url: object.url, etag: object.etag } }),
  );
  await checkWritten(state, 'moving the reminder', removed);
  return readVtodo(ics, target, new URL(filename, target.id).href);
}
