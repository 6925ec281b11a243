/**
 * The reminders integration of one user: the CalDAV connection stored in `caldav_connections` with
 * the password encrypted at rest, the lists to sync, and the reminders of those lists. Answers
 * never carry the password.
 */
import { eq } from 'drizzle-orm';
import {
  REMINDERS_DEFAULT_LIST_ID,
  REMINDERS_FALLBACK_LIST_NAME,
  REMINDERS_MESSAGES,
  type Reminder,
  type ReminderList,
  type ReminderPatch,
  type RemindersConnectAnswer,
  type RemindersConnectBody,
  type RemindersListsAnswer,
  type RemindersStatus,
} from '@summy/core';
import { caldavConnections, type Database } from '@summy/db';
import type { Auth } from '../../auth.ts';
import { AppError } from '../../errors/app-errors.ts';
import {
  RemindersAuthError,
  RemindersNotConnectedError,
} from '../../integrations/caldav/errors.ts';
import { log } from '../../log.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';
import { connectCaldav, type CaldavPolicy } from '../../integrations/caldav/client.ts';

/** What the reminders services need. */
export interface RemindersDeps {
  db: Database;
  auth: Auth;
  policy: CaldavPolicy;
}

type ConnectionRow = typeof caldavConnections.$inferSelect;

async function storedConnection(db: Database, userId: string): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(caldavConnections)
    .where(eq(caldavConnections.userId, userId));
  if (!row) throw new RemindersNotConnectedError();
  return row;
}

// The user's client and the stored selection; the password is decrypted only here.
async function openClient(deps: RemindersDeps, userId: string) {
  const row = await storedConnection(deps.db, userId);
  const password = await (await tokenCrypto(deps.auth)).decrypt(row.password);
  const client = await connectCaldav(
    { serverUrl: row.serverUrl, username: row.username, password },
    deps.policy,
  );
  return { client, selected: row.selectedLists };
}

/**
 * The lists to sync: the stored ids that still exist; every list when none is stored, when
 * 'default' is (the default selection) or when none of the stored ones exists.
 */
export function resolveSelection(stored: string[], lists: ReminderList[]): ReminderList[] {
  const chosen = lists.filter((l) => stored.includes(l.id));
  return chosen.length === 0 || stored.includes(REMINDERS_DEFAULT_LIST_ID) ? lists : chosen;
}

/** `GET /api/integrations/apple-reminders`: connected, user name, server URL. */
export async function getRemindersStatus(db: Database, userId: string): Promise<RemindersStatus> {
  const [row] = await db
    .select({ username: caldavConnections.username, serverUrl: caldavConnections.serverUrl })
    .from(caldavConnections)
    .where(eq(caldavConnections.userId, userId));
  return row
    ? { connected: true, username: row.username, containerId: row.serverUrl }
    : { connected: false, username: null, containerId: null };
}

/**
 * Checks the credentials against the CalDAV server (discovery and login), then stores them with
 * the password encrypted. Reconnecting to another server or as another user forgets the chosen
 * lists. `sessionToken` is always null: no secret reaches the browser.
 * @throws RemindersAuthError 401 on refused credentials; RemindersUnavailableError 502;
 *   ValidationError 400 for a server URL the policy refuses
 */
export async function connectReminders(
  deps: RemindersDeps,
  userId: string,
  body: RemindersConnectBody,
): Promise<RemindersConnectAnswer> {
  const { username, password, containerId: serverUrl } = body;
  await connectCaldav({ serverUrl, username, password }, deps.policy);
  const encrypted = await (await tokenCrypto(deps.auth)).encrypt(password);
  const [previous] = await deps.db
    .select({ serverUrl: caldavConnections.serverUrl, username: caldavConnections.username })
    .from(caldavConnections)
    .where(eq(caldavConnections.userId, userId));
  const sameAccount = previous?.serverUrl === serverUrl && previous.username === username;
  const now = new Date();
  await deps.db
    .insert(caldavConnections)
    .values({ userId, serverUrl, username, password: encrypted, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: caldavConnections.userId,
      set: {
        serverUrl,
        username,
        password: encrypted,
        updatedAt: now,
        ...(sameAccount ? {} : { selectedLists: [] }),
      },
    });
  return { sessionToken: null, username, containerId: serverUrl };
}

/** Forgets the user's CalDAV connection (nothing to revoke: app-specific passwords are revoked at the provider). */
export async function disconnectReminders(db: Database, userId: string): Promise<void> {
  await db.delete(caldavConnections).where(eq(caldavConnections.userId, userId));
}

const fallbackAnswer: RemindersListsAnswer = {
  lists: [
    {
      id: REMINDERS_DEFAULT_LIST_ID,
      name: REMINDERS_FALLBACK_LIST_NAME,
      color: null,
      isShared: false,
    },
  ],
  selected: [REMINDERS_DEFAULT_LIST_ID],
  fallback: true,
};

/**
 * The account's to-do lists and the selected ids. When the lists cannot be read (anything but
 * refused credentials) it answers the single list 'Reminders', selected, with `fallback: true`.
 * @throws RemindersNotConnectedError 404; RemindersAuthError 401
 */
export async function listReminderLists(
  deps: RemindersDeps,
  userId: string,
): Promise<RemindersListsAnswer> {
  try {
    const { client, selected } = await openClient(deps, userId);
    const lists = await client.fetchLists();
    return { lists, selected: resolveSelection(selected, lists).map((l) => l.id), fallback: false };
  } catch (err) {
    if (err instanceof RemindersNotConnectedError || err instanceof RemindersAuthError) throw err;
    log.warn({ err }, '[reminders] lists fall back to "Reminders"');
    return fallbackAnswer;
  }
}

/**
 * Stores the lists to sync: each id one of the account's lists, or 'default' (every list; the
 * fallback list's id, accepted even when the lists cannot be read).
 * @throws AppError 400 'Unknown reminder list'; RemindersNotConnectedError 404
 */
export async function selectReminderLists(
  deps: RemindersDeps,
  userId: string,
  selected: string[],
): Promise<RemindersListsAnswer> {
  const ids = [...new Set(selected)];
  if (ids.every((id) => id === REMINDERS_DEFAULT_LIST_ID)) {
    await storedConnection(deps.db, userId);
    await saveSelection(deps.db, userId, ids);
    return listReminderLists(deps, userId);
  }
  const { client } = await openClient(deps, userId);
  const lists = await client.fetchLists();
  const unknown = ids.filter(
    (id) => id !== REMINDERS_DEFAULT_LIST_ID && !lists.some((l) => l.id === id),
  );
  if (unknown.length > 0) {
    throw new AppError(400, REMINDERS_MESSAGES.unknownList, 'Pick one of your reminder lists');
  }
  await saveSelection(deps.db, userId, ids);
  return { lists, selected: resolveSelection(ids, lists).map((l) => l.id), fallback: false };
}

async function saveSelection(db: Database, userId: string, ids: string[]): Promise<void> {
  await db
    .update(caldavConnections)
    .set({ selectedLists: ids, updatedAt: new Date() })
    .where(eq(caldavConnections.userId, userId));
}

/**
 * Incomplete reminders of the selected lists, most recently modified first.
 * @throws RemindersNotConnectedError 404; RemindersAuthError 401; RemindersUnavailableError 502
 */
export async function listReminders(deps: RemindersDeps, userId: string): Promise<Reminder[]> {
  const { client, selected } = await openClient(deps, userId);
  return client.fetchReminders(resolveSelection(selected, await client.fetchLists()));
}

/**
 * Edits a reminder (title, due date, list, completion, priority) found by its UID in any of the
 * account's lists, and answers it as saved.
 * @throws NotFoundError 404 for a UID no list holds; AppError 400 for a `listId` not among the
 *   account's lists; RemindersAuthError 401; RemindersUnavailableError 502
 */
export async function updateReminder(
  deps: RemindersDeps,
  userId: string,
  id: string,
  patch: ReminderPatch,
): Promise<Reminder> {
  const { client } = await openClient(deps, userId);
  return client.updateReminder(id, patch, await client.fetchLists());
}
