/**
 * The reminders client: CalDAV to-do lists (VTODO) over tsdav (shared notes "Reminders": Apple's
 * Reminders cloud is not reachable by a server, CalDAV VTODO is). Every request goes through one
 * guarded fetch: a 15 s time-out, redirects followed only within the same origin (the Authorization
 * header never travels to another host), and, unless CALDAV_ALLOW_PRIVATE_HOSTS is set, only global
 * addresses (a user-given URL must not reach the server's own network), connecting to the very
 * address that was checked and reading at most {@link CALDAV_ANSWER_CAP} of each answer
 * (net/). Server code only: the password never leaves it.
 */
import {
  REMINDERS_MESSAGES,
  type Reminder,
  type ReminderList,
  type ReminderPatch,
} from '@summy/core';
import { AppError, NotFoundError, ValidationError } from '../../errors/app-errors.ts';
import {
  calendarAnswerSchema,
  calendarObjectAnswerSchema,
  parseAnswer,
  type CalendarAnswer,
  type CalendarObjectAnswer,
} from './answers.ts';
import { RemindersAuthError, RemindersUnavailableError } from './errors.ts';
import { log } from '../../log.ts';
import { checkOutboundUrl, type OutboundPolicy } from '../../net/outbound-url.ts';
import { fetchPinned } from '../../net/pinned-fetch.ts';
import { editVtodo, readVtodo, vtodoUid } from './vtodo.ts';

/** Where and as whom to connect. `password` is the plain app-specific password. */
export interface CaldavAccount {
  serverUrl: string;
  username: string;
  password: string;
}

/** Network rules of the client (`allowPrivateHosts`: CALDAV_ALLOW_PRIVATE_HOSTS). */
export interface CaldavPolicy extends OutboundPolicy {
  /** Per request, in ms (default 15 000). */
  timeoutMs?: number;
}

/** Reads and edits the reminders of one CalDAV account. */
export interface RemindersClient {
  /** The account's to-do lists (collections that accept VTODO), by name. */
  fetchLists(): Promise<ReminderList[]>;
  /** Incomplete reminders of `lists`, most recently modified first. */
  fetchReminders(lists: ReminderList[]): Promise<Reminder[]>;
  /**
   * Applies `patch` to the reminder whose UID is `id`, searched in `lists`; `listId` (one of
   * `lists`) moves it there (a PUT in the new list, then a DELETE of the old object).
   * @throws NotFoundError when no list holds it; AppError 400 for a `listId` not in `lists`
   */
  updateReminder(
    id: string,
    patch: ReminderPatch,
    lists: ReminderList[],
    now?: Date,
  ): Promise<Reminder>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;

/** Bytes of one answer read at most: real calendars fit; a larger answer fails the request. */
export const CALDAV_ANSWER_CAP = 8 * 1024 * 1024;

/**
 * Refuses a URL Summy must not call: not http(s), plain http or an address that is not global
 * unless the policy allows private hosts (net/; DNS answers are checked at call
 * time), and answers the address to connect to: the one checked, so a second DNS answer cannot
 * swap it.
 * @returns the first address of the host (its own for an IP literal)
 * @throws ValidationError naming the rule; RemindersUnavailableError when the name does not resolve
 */
export async function assertAllowedUrl(url: URL, policy: CaldavPolicy): Promise<string> {
  const checked = await checkOutboundUrl(url, policy);
  if (!checked.refused) return checked.address;
  if (checked.refused === 'unresolved') {
    throw new RemindersUnavailableError(`${REMINDERS_MESSAGES.serverUnreachable}: ${url.host}`);
  }
  throw new ValidationError(CALDAV_URL_RULES[checked.refused]);
}

const CALDAV_URL_RULES = {
  scheme: 'The CalDAV server URL must be http or https',
  https: 'The CalDAV server URL must be https (CALDAV_ALLOW_PRIVATE_HOSTS allows plain http)',
  private:
    'The CalDAV server must have a public address, not a loopback, private or reserved one (CALDAV_ALLOW_PRIVATE_HOSTS allows them)',
} as const;

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

/**
 * One account's fetch, as tsdav takes it: records a 401 anywhere and the first unreadable
 * PROPFIND or REPORT answer in `state` (tsdav swallows some failures and retries others), checks
 * every target with {@link assertAllowedUrl} and connects
 * to the address it checked, follows same-origin redirects itself, 15 s per request.
 * @throws RemindersUnavailableError for an answer larger than {@link CALDAV_ANSWER_CAP}
 */
export function caldavFetch(policy: CaldavPolicy, state: CaldavFetchState): typeof fetch {
  const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return async (input, init = {}) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    const manual = init.redirect === 'manual';
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; ; hop++) {
      const address = await assertAllowedUrl(url, policy);
      const { response: res, truncated } = await fetchPinned(
        url,
        { ...init, method, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) },
        address,
        CALDAV_ANSWER_CAP,
      );
      if (truncated) {
        throw new RemindersUnavailableError(
          `${method.toUpperCase()} ${url.pathname}: the answer is larger than ${CALDAV_ANSWER_CAP / 1024 / 1024} MiB`,
        );
      }
      if (res.status === 401) state.unauthorized = true;
      const location = res.headers.get('location');
      if (manual || res.status < 300 || res.status >= 400 || !location || hop >= MAX_REDIRECTS) {
        noteUnreadable(state, method, url, res);
        return res;
      }
      const next = new URL(location, url);
      if (next.origin !== url.origin) return res;
      await res.body?.cancel();
      if (res.status === 303) {
        method = 'GET';
        body = undefined;
      }
      url = next;
    }
  };
}

function noteUnreadable(state: CaldavFetchState, method: string, url: URL, res: Response) {
  if (state.unreadable || res.status === 401) return;
  if (!['PROPFIND', 'REPORT'].includes(method.toUpperCase())) return;
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 207 && /xml/i.test(type)) return;
  state.unreadable = `${method.toUpperCase()} ${url.pathname}: HTTP ${res.status}${type ? ` ${type}` : ''}`;
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

/**
 * Logs in (RFC 6764 discovery, principal, calendar home) and answers a client for the account.
 * @throws RemindersAuthError (401 'Authentication failed') on a wrong user name or password;
 *   RemindersUnavailableError (502) when the URL does not answer as a CalDAV server;
 *   ValidationError (400) for a URL the policy refuses
 */
export async function connectCaldav(
  account: CaldavAccount,
  policy: CaldavPolicy,
): Promise<RemindersClient> {
  const state: CaldavFetchState = { unauthorized: false };
  const run = async <T>(what: string, op: () => Promise<T>): Promise<T> => {
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
  };
  await assertAllowedUrl(new URL(account.serverUrl), policy);
  // Imported on first use: a server with no reminders account never loads the CalDAV client.
  const { createDAVClient } = await import('tsdav');
  const client = await run('login', () =>
    createDAVClient({
      serverUrl: account.serverUrl,
      credentials: { username: account.username, password: account.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: caldavFetch(policy, state),
    }),
  );
  state.unreadable = undefined;

  const objectsOf = async (list: ReminderList, propFilter?: Record<string, unknown>) => {
    const what = `reading ${list.name}`;
    const objects = await run(what, () =>
      client.fetchCalendarObjects({
        calendar: { url: list.id },
        filters: vtodoFilter(propFilter),
        urlFilter: isObjectUrl,
      }),
    );
    return parseAnswer(calendarObjectAnswerSchema.array(), objects, what);
  };

  const parse = (object: CalendarObjectAnswer, list: ReminderList): Reminder | null => {
    if (object.data === undefined) return null;
    try {
      return readVtodo(object.data, list, object.url);
    } catch (err) {
      log.warn({ err, url: object.url }, '[reminders] skipping an unreadable reminder');
      return null;
    }
  };

  // text-match is a substring match (RFC 4791 section 9.7.5): the UID must be equal after it.
  const find = async (id: string, lists: ReminderList[]) => {
    const found = await Promise.all(
      lists.map(async (list) => {
        const objects = await objectsOf(list, {
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
  };

  const checked = async (what: string, res: Response) => {
    if (res.ok) return;
    if (res.status === 401 || state.unauthorized) throw new RemindersAuthError();
    throw new RemindersUnavailableError(`${what}: HTTP ${res.status}`);
  };

  return {
    async fetchLists() {
      const calendars = parseAnswer(
        calendarAnswerSchema.array(),
        await run('listing lists', () => client.fetchCalendars()),
        'listing lists',
      );
      return calendars
        .filter((c) => !c.components.length || c.components.includes('VTODO'))
        .map(toList)
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async fetchReminders(lists) {
      const perList = await Promise.all(
        lists.map(async (list) => {
          // Completed to-dos carry COMPLETED: the server leaves them out.
          const objects = await objectsOf(list, {
            _attributes: { name: 'COMPLETED' },
            'is-not-defined': {},
          });
          return objects.map((o) => parse(o, list));
        }),
      );
      return perList
        .flat()
        .filter((r): r is Reminder => r !== null && !r.completed)
        .sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
    },

    async updateReminder(id, patch, lists, now = new Date()) {
      const { listId, ...fields } = patch;
      const target = listId === undefined ? undefined : lists.find((l) => l.id === listId);
      if (listId !== undefined && !target) {
        throw new AppError(400, REMINDERS_MESSAGES.unknownList, 'Pick one of your reminder lists');
      }
      // One retry when the object changed between our read and write (412 on If-Match).
      for (let attempt = 0; ; attempt++) {
        const { object, list } = await find(id, lists);
        const ics = editVtodo(object.data as string, fields, now);
        if (target && target.id !== list.id) {
          const filename = new URL(object.url).pathname.split('/').filter(Boolean).at(-1)!;
          const created = await run('moving the reminder', () =>
            client.createCalendarObject({
              calendar: { url: target.id },
              iCalString: ics,
              filename,
            }),
          );
          await checked('moving the reminder', created);
          const removed = await run('moving the reminder', () =>
            client.deleteCalendarObject({ calendarObject: { url: object.url, etag: object.etag } }),
          );
          await checked('moving the reminder', removed);
          return readVtodo(ics, target, new URL(filename, target.id).href);
        }
        const res = await run('saving the reminder', () =>
          client.updateCalendarObject({
            calendarObject: { url: object.url, data: ics, etag: object.etag },
          }),
        );
        if (res.status === 412 && attempt === 0) continue;
        await checked('saving the reminder', res);
        return readVtodo(ics, list, object.url);
      }
    },
  };
}
