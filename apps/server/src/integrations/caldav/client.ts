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
import { ValidationError } from '../../errors/app-errors.ts';
import { RemindersUnavailableError } from './errors.ts';
import { checkOutboundUrl, type OutboundPolicy } from '../../net/outbound-url.ts';
import { fetchPinned } from '../../net/pinned-fetch.ts';
import {
  fetchOpenReminders,
  fetchReminderLists,
  runCaldav,
  saveReminder,
  type CaldavFetchState,
  type CaldavSession,
} from './session.ts';

export type { CaldavFetchState } from './session.ts';

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
  await assertAllowedUrl(new URL(account.serverUrl), policy);
  // Imported on first use: a server with no reminders account never loads the CalDAV client.
  const { createDAVClient } = await import('tsdav');
  const client = await runCaldav(state, 'login', () =>
    createDAVClient({
      serverUrl: account.serverUrl,
      credentials: { username: account.username, password: account.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: caldavFetch(policy, state),
    }),
  );
  state.unreadable = undefined;
  const session: CaldavSession = { client, state };
  return {
    fetchLists: () => fetchReminderLists(session),
    fetchReminders: (lists) => fetchOpenReminders(session, lists),
    updateReminder: (id, patch, lists, now = new Date()) =>
      saveReminder(session, id, patch, lists, now),
  };
}
