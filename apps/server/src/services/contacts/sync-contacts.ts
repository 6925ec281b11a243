/**
 * The contacts sync (docs/product.md#contacts), run by the durable `contacts.sync` job. For every
 * linked Google account that still has tokens:
 *
 * 1. calendar attendees of the past month (200 events) at the organisation's own domain (the
 *    account's hosted domain, the id_token's `hd`; consumer accounts have none and skip this and
 *    step 3), without rooms and groups, de-duplicated;
 * 2. personal contacts (`people/me/connections`, 100 a page), only those with an e-mail;
 * 3. a directory lookup per organisation attendee, in batches of 10, 100 ms between lookups and
 *    1 s between batches (a failed lookup gives nothing);
 *
 * then every contact is upserted by user and e-mail with `is_organization_contact` (a failing one
 * is logged and skipped, the rest continue), and at most 50 organisation contacts lacking a name or
 * a photo are enriched, at most 20 e-mails per call, 200 ms apart.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, eq, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import {
  CONTACT_LIMITS,
  emailDomain,
  type ContactSyncPhase,
  organizationAttendees,
  organizationDomainOf,
} from '@summy/core';
import { account, contacts, userGoogleAccounts, type Database } from '@summy/db';
import { log } from '../../log.ts';
import type { GoogleDeps } from '../../integrations/google/tokens.ts';
import { googleIdTokenClaims } from '../../integrations/google/id-token.ts';
import {
  peopleClient,
  type PeopleClient,
  type PersonContact,
} from '../../integrations/google/people.ts';

/** Waits `ms` milliseconds; tests pass one that records the gaps instead of waiting. */
export type Sleep = (ms: number) => Promise<void>;

/** Options of {@link syncContacts}. */
export interface SyncContactsOptions {
  /** Default: a real timer. */
  sleep?: Sleep;
  /**
   * Called as the sync moves on: at the start of each step, and after each item of a counted one
   * (`done` of `total`; both 0 for the reading step). It must not throw; a slow one slows the sync.
   */
  onProgress?: (progress: { phase: ContactSyncPhase; done: number; total: number }) => void;
}

/** What one run did, for the job's result and the logs. */
export interface ContactSyncResult {
  /** True when the user has no Google account with tokens: nothing was read. */
  skipped: boolean;
  /** Linked accounts read. */
  accounts: number;
  /** Contacts upserted. */
  saved: number;
  /** Of those, how many the user did not have before. */
  added: number;
  /** Contacts that failed to save and were skipped. */
  failed: number;
  /** Directory lookups of organisation attendees. */
  directoryLookups: number;
  /** Incomplete organisation contacts looked up in the enrichment step. */
  enrichLookups: number;
  /** Of those, how many gained a name or a photo. */
  enriched: number;
}

/**
 * The user's linked Google accounts that hold a refresh token (the others need a reconnect and
 * are left out), oldest first, with the organisation domain of each: its id_token's hosted domain
 * (`hd`), null for a consumer account.
 */
export async function connectedGoogleAccounts(
  db: Database,
  userId: string,
): Promise<{ id: string; email: string; organizationDomain: string | null }[]> {
  const rows = await db
    .select({
      id: userGoogleAccounts.id,
      email: userGoogleAccounts.email,
      idToken: account.idToken,
    })
    .from(userGoogleAccounts)
    .innerJoin(account, eq(account.id, userGoogleAccounts.id))
    .where(and(eq(userGoogleAccounts.userId, userId), isNotNull(account.refreshToken)))
    .orderBy(asc(userGoogleAccounts.createdAt), asc(userGoogleAccounts.id));
  return rows.map(({ id, email, idToken }) => ({
    id,
    email,
    organizationDomain: organizationDomainOf(googleIdTokenClaims(idToken).hd),
  }));
}

/**
 * Looks up e-mails in the domain directory in batches of 10, 100 ms between lookups of a batch
 * and 1 s between batches, the product's pacing of directory lookups. `onLookup` hears how many
 * are done after each.
 * @returns the profiles found, by e-mail
 */
export async function lookUpDirectory(
  lookups: readonly { email: string; client: PeopleClient }[],
  sleep: Sleep,
  onLookup: (done: number) => void = () => undefined,
): Promise<Map<string, PersonContact>> {
  const found = new Map<string, PersonContact>();
  const size = CONTACT_LIMITS.directoryBatchSize;
  for (let start = 0; start < lookups.length; start += size) {
    if (start > 0) await sleep(CONTACT_LIMITS.directoryBatchGapMs);
    const batch = lookups.slice(start, start + size);
    for (const [i, { email, client }] of batch.entries()) {
      if (i > 0) await sleep(CONTACT_LIMITS.directoryLookupGapMs);
      const person = await client.directoryPerson(email);
      if (person) found.set(email, person);
      onLookup(start + i + 1);
    }
  }
  return found;
}

/**
 * One background enrichment call: the first 20 of `emails` at most, 200 ms apart, each looked up in
 * the directory, else in the user's contacts; a name or photo found fills the contact's missing one
 * (present values are kept).
 * @param clientFor the Google client for an e-mail's domain, or undefined to skip the e-mail
 * @param first true when no enrichment lookup came before in this run (no pause before it)
 * @returns the e-mails looked up and how many contacts gained a name or photo
 */
export async function enrichContacts(
  db: Database,
  userId: string,
  emails: readonly string[],
  clientFor: (email: string) => PeopleClient | undefined,
  sleep: Sleep,
  first = true,
): Promise<{ lookedUp: string[]; enriched: number }> {
  const lookedUp: string[] = [];
  let enriched = 0;
  for (const email of emails.slice(0, CONTACT_LIMITS.enrichPerCall)) {
    const client = clientFor(email);
    if (!client) continue;
    if (!first || lookedUp.length > 0) await sleep(CONTACT_LIMITS.enrichGapMs);
    lookedUp.push(email);
    const person = (await client.directoryPerson(email)) ?? (await client.searchContact(email));
    if (!person?.displayName && !person?.photoUrl) continue;
    try {
      const updated = await db
        .update(contacts)
        .set({
          displayName: sql`coalesce(${contacts.displayName}, ${person.displayName})`,
          photoUrl: sql`coalesce(${contacts.photoUrl}, ${person.photoUrl})`,
          lastUpdatedAt: new Date(),
        })
        .where(and(eq(contacts.userId, userId), eq(contacts.email, email)))
        .returning({ id: contacts.id });
      enriched += updated.length;
    } catch (err) {
      log.warn({ err }, '[contacts] enriching a contact failed, skipped');
    }
  }
  return { lookedUp, enriched };
}

// Upserts one contact by (user, e-mail); Google's values win, a missing one keeps the stored value.
// True when the row is new: PostgreSQL leaves `xmax` 0 on a freshly inserted row version and sets
// it when ON CONFLICT updated an existing one.
async function upsertContact(
  db: Database,
  userId: string,
  contact: PersonContact & { isOrganizationContact: boolean },
  at: Date,
): Promise<boolean> {
  const [row] = await db
    .insert(contacts)
    .values({ userId, ...contact, firstSeenAt: at, lastUpdatedAt: at })
    .onConflictDoUpdate({
      target: [contacts.userId, contacts.email],
      set: {
        displayName: sql`coalesce(excluded.display_name, ${contacts.displayName})`,
        photoUrl: sql`coalesce(excluded.photo_url, ${contacts.photoUrl})`,
        isOrganizationContact: sql`excluded.is_organization_contact`,
        lastUpdatedAt: at,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

// Fills the fields `into` lacks from `from`.
function fill(into: PersonContact, from: Partial<PersonContact>) {
  into.displayName ??= from.displayName ?? null;
  into.photoUrl ??= from.photoUrl ?? null;
}

/** The contacts and organisation attendees to look up of each linked Google account. */
async function readAccounts(
  deps: GoogleDeps,
  userId: string,
  linked: Awaited<ReturnType<typeof connectedGoogleAccounts>>,
  now: () => Date,
) {
  // The client of each organisation domain: its directory answers for that domain only.
  const byDomain = new Map<string, PeopleClient>();
  const merged = new Map<string, PersonContact>();
  const directoryLookups: { email: string; client: PeopleClient; name: string | null }[] = [];
  for (const { id, organizationDomain: domain } of linked) {
    const client = peopleClient(deps, userId, id, now);
    if (domain && !byDomain.has(domain)) byDomain.set(domain, client);
    for (const person of await client.personalContacts()) {
      const seen = merged.get(person.email);
      if (seen) fill(seen, person);
      else merged.set(person.email, { ...person });
    }
    if (!domain) continue;
    for (const attendee of organizationAttendees(await client.calendarAttendees(), domain)) {
      if (!directoryLookups.some((l) => l.email === attendee.email))
        directoryLookups.push({ ...attendee, client, name: attendee.displayName });
    }
  }
  return { byDomain, merged, directoryLookups };
}

/** Saves the merged contacts, counting saved, added and failed ones into `result`. */
async function saveContacts(
  db: GoogleDeps['db'],
  userId: string,
  merged: Map<string, PersonContact>,
  byDomain: Map<string, PeopleClient>,
  at: Date,
  result: ContactSyncResult,
  progress: NonNullable<SyncContactsOptions['onProgress']>,
): Promise<void> {
  for (const contact of merged.values()) {
    const domain = emailDomain(contact.email);
    try {
      const added = await upsertContact(
        db,
        userId,
        { ...contact, isOrganizationContact: domain !== null && byDomain.has(domain) },
        at,
      );
      result.saved++;
      if (added) result.added++;
    } catch (err) {
      result.failed++;
      log.warn({ err }, '[contacts] saving a contact failed, skipped');
    }
    progress({ phase: 'saving', done: result.saved + result.failed, total: merged.size });
  }
}

/**
 * Syncs the user's contacts from every connected Google account (see the module comment).
 * Never throws for Google's failures: a failing read gives nothing and the rest goes on.
 * @param deps Google settings and database; `deps.now` is the clock of the attendee window
 * @returns what was done; `skipped` when the user has no Google account with tokens
 */
export async function syncContacts(
  deps: GoogleDeps,
  userId: string,
  options: SyncContactsOptions = {},
): Promise<ContactSyncResult> {
  const { db } = deps;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const progress = options.onProgress ?? (() => undefined);
  const now = deps.now ?? (() => new Date());
  const result: ContactSyncResult = {
    skipped: false,
    accounts: 0,
    saved: 0,
    added: 0,
    failed: 0,
    directoryLookups: 0,
    enrichLookups: 0,
    enriched: 0,
  };
  const linked = await connectedGoogleAccounts(db, userId);
  if (linked.length === 0) return { ...result, skipped: true };
  progress({ phase: 'reading', done: 0, total: 0 });

  const { byDomain, merged, directoryLookups } = await readAccounts(deps, userId, linked, now);
  result.accounts = linked.length;

  progress({ phase: 'directory', done: 0, total: directoryLookups.length });
  const directory = await lookUpDirectory(directoryLookups, sleep, (done) =>
    progress({ phase: 'directory', done, total: directoryLookups.length }),
  );
  result.directoryLookups = directoryLookups.length;
  for (const { email, name } of directoryLookups) {
    // The user's own contact card first, then the directory profile, then the calendar's name.
    const contact = merged.get(email) ?? { email, displayName: null, photoUrl: null };
    fill(contact, directory.get(email) ?? {});
    fill(contact, { displayName: name });
    merged.set(email, contact);
  }

  const at = now();
  progress({ phase: 'saving', done: 0, total: merged.size });
  await saveContacts(db, userId, merged, byDomain, at, result, progress);

  // Organisation contacts still lacking a name or photo, except those just looked up in the
  // directory.
  const incomplete = await db
    .select({ email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        eq(contacts.isOrganizationContact, true),
        or(isNull(contacts.displayName), isNull(contacts.photoUrl)),
        directoryLookups.length
          ? notInArray(
              contacts.email,
              directoryLookups.map((l) => l.email),
            )
          : undefined,
      ),
    )
    .orderBy(asc(contacts.lastUpdatedAt), asc(contacts.email))
    .limit(CONTACT_LIMITS.incompletePerRun);
  const clientFor = (email: string) => byDomain.get(emailDomain(email) ?? '');
  const emails = incomplete.map((r) => r.email);
  if (emails.length > 0) progress({ phase: 'enriching', done: 0, total: emails.length });
  for (let start = 0; start < emails.length; start += CONTACT_LIMITS.enrichPerCall) {
    const call = await enrichContacts(
      db,
      userId,
      emails.slice(start, start + CONTACT_LIMITS.enrichPerCall),
      clientFor,
      sleep,
      result.enrichLookups === 0,
    );
    result.enrichLookups += call.lookedUp.length;
    result.enriched += call.enriched;
    progress({
      phase: 'enriching',
      done: Math.min(start + CONTACT_LIMITS.enrichPerCall, emails.length),
      total: emails.length,
    });
  }
  return result;
}
