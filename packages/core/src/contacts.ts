/**
 * Contacts synced from Google: the shapes of `/api/contacts*`, the sync's limits and intervals, and
 * its pure filtering rules. No I/O here.
 */
import { z } from './zod.ts';
import { boundedText, TEXT_LIMITS } from './limits.ts';

/**
 * Constants of the contacts sync, plus the page sizes of the contacts API. Durations in
 * milliseconds unless the name says otherwise.
 */
export const CONTACT_LIMITS = {
  /** The sync runs every 30 minutes per connected user ("Contact sync interval"). */
  syncIntervalMinutes: 30,
  /** Calendar attendees are read from this many events of the past month ("Contact extraction"). */
  attendeeEvents: 200,
  /** `people/me/connections` page size ("Personal contacts page size"). */
  personalPageSize: 100,
  /** Directory lookups per batch. */
  directoryBatchSize: 10,
  /** Pause between two directory lookups of one batch, ms. */
  directoryLookupGapMs: 100,
  /** Pause between two directory batches, ms. */
  directoryBatchGapMs: 1_000,
  /** Most e-mails one background enrichment call handles. */
  enrichPerCall: 20,
  /** Pause between two enrichment lookups, ms. */
  enrichGapMs: 200,
  /** Most incomplete organisation contacts enriched per run ("Incomplete contacts per run"). */
  incompletePerRun: 50,
  /** Most e-mails of one `GET /api/contacts/lookup`. */
  lookupMax: 100,
  /** Default and largest page of `GET /api/contacts`. */
  pageDefault: 50,
  pageMax: 200,
} as const;

/** A contact as the browser sees it (id, email, display_name, photo_url, flag). */
export const contactSchema = z.object({
  id: z.string(),
  /** Lower-case e-mail; unique per user. */
  email: z.string(),
  displayName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** The address is at the domain of one of the user's Google accounts. */
  isOrganizationContact: z.boolean(),
});
/** A contact. */
export type Contact = z.infer<typeof contactSchema>;

/** `GET /api/contacts`: one page, ordered by display name then e-mail; `nextCursor` null at the end. */
export const contactListSchema = z.object({
  contacts: z.array(contactSchema),
  nextCursor: z.string().nullable(),
});
/** A page of contacts. */
export type ContactList = z.infer<typeof contactListSchema>;

/** `GET /api/contacts/lookup`: the user's contacts among the asked e-mails (unknown ones left out). */
export const contactLookupSchema = z.object({ contacts: z.array(contactSchema) });
/** Answer of a lookup. */
export type ContactLookup = z.infer<typeof contactLookupSchema>;

/** Query of `GET /api/contacts/lookup`: `?email=a&email=b`, 1 to 100 addresses. */
export const contactLookupQuerySchema = z.object({
  email: z
    .union([boundedText(TEXT_LIMITS.email), z.array(boundedText(TEXT_LIMITS.email))])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string()).min(1).max(CONTACT_LIMITS.lookupMax)),
});

/**
 * `POST /api/contacts/sync`: whether a sync was queued (false: one is already waiting, and that
 * one does the asking person's sync), and `syncId`, the id of the sync that will: its events carry
 * it (`contacts-sync`), so the page waits for that sync's end and not for one already running.
 */
export const contactSyncAnswerSchema = z.object({ queued: z.boolean(), syncId: z.string() });
/** Answer of a sync request. */
export type ContactSyncAnswer = z.infer<typeof contactSyncAnswerSchema>;

/** The lower-cased domain of an e-mail address, or null without an '@'. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? email.slice(at + 1).toLowerCase() : null;
}

/**
 * Mail domains anyone can sign up at: an address there says nothing about where a person works.
 * Google gives consumer accounts no `hd` claim, so {@link organizationDomainOf} already leaves them
 * out; this list also refuses them should a hosted domain ever name one. Country variants of the
 * big providers (gmx.de, hotmail.co.uk, yahoo.fr, ...) match {@link CONSUMER_MAIL_FAMILIES}.
 */
export const CONSUMER_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'aol.com',
  'gmx.com',
  'gmx.net',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'fastmail.com',
]);

/** Providers with a domain per country: `gmx.de`, `hotmail.co.uk`, `yahoo.com.br`, `outlook.fr`. */
export const CONSUMER_MAIL_FAMILIES =
  /^(?:gmx|hotmail|outlook|live|yahoo|aol)\.(?:co\.|com\.)?[a-z]{2,3}$/;

/** Whether `domain` is a consumer mail provider's (see {@link CONSUMER_MAIL_DOMAINS}). */
export function isConsumerMailDomain(domain: string): boolean {
  const d = domain.trim().toLowerCase();
  return CONSUMER_MAIL_DOMAINS.has(d) || CONSUMER_MAIL_FAMILIES.test(d);
}

/**
 * The organisation domain of a Google account: its `hd` (hosted domain) claim, which Google sets
 * for Workspace accounts only (OpenID Connect id_token, "hd"), lower-cased; null for a consumer
 * account (no claim), whatever its e-mail domain, and for a consumer mail domain. Contacts at this
 * domain are the organisation's, and only its directory is searched.
 */
export function organizationDomainOf(hostedDomain: string | null | undefined): string | null {
  const domain = hostedDomain?.trim().toLowerCase();
  return domain && !isConsumerMailDomain(domain) ? domain : null;
}

/**
 * Whether a calendar address is a resource room ('@resource' anywhere, or starting 'c_') or a group
 * ('-group@', '.group@'): such attendees never become contacts.
 */
export function isRoomOrGroupAddress(email: string): boolean {
  const e = email.toLowerCase();
  return (
    e.includes('@resource') || e.startsWith('c_') || e.includes('-group@') || e.includes('.group@')
  );
}

/** A calendar attendee as the sync reads it. */
export interface AttendeeAddress {
  email: string;
  displayName?: string | null;
}

/**
 * The calendar contacts: attendees at the organisation's own domain, without rooms and groups,
 * de-duplicated by lower-cased e-mail (the first name seen wins, a later one fills a missing name).
 */
export function organizationAttendees(
  attendees: readonly AttendeeAddress[],
  organizationDomain: string,
): { email: string; displayName: string | null }[] {
  const domain = organizationDomain.toLowerCase();
  const byEmail = new Map<string, { email: string; displayName: string | null }>();
  for (const a of attendees) {
    const email = a.email.trim().toLowerCase();
    if (emailDomain(email) !== domain || isRoomOrGroupAddress(email)) continue;
    const name = a.displayName?.trim() || null;
    const seen = byEmail.get(email);
    if (!seen) byEmail.set(email, { email, displayName: name });
    else if (!seen.displayName && name) seen.displayName = name;
  }
  return [...byEmail.values()];
}
