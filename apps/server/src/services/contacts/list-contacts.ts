/**
 * Reading the user's contacts: all of them ordered by display name then e-mail, or those with given
 * e-mails. Owner-scoped: a user never reads another user's contacts.
 */
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { CONTACT_LIMITS, type Contact, type ContactList } from '@summy/core';
import { contacts, type Database } from '@summy/db';
import { ValidationError } from '../../errors/app-errors.ts';

const columns = {
  id: contacts.id,
  email: contacts.email,
  displayName: contacts.displayName,
  photoUrl: contacts.photoUrl,
  isOrganizationContact: contacts.isOrganizationContact,
};

// The sort key: named contacts first by lower-cased name (the same order on PGlite and PostgreSQL
// for ASCII names, whatever the collation's case rules), then those without a name; e-mail breaks
// ties.
const unnamed = sql<boolean>`(${contacts.displayName} is null)`;
const sortName = sql<string>`lower(coalesce(${contacts.displayName}, ''))`;

interface Cursor {
  unnamed: boolean;
  name: string;
  email: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.unnamed, c.name, c.email])).toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  try {
    const [u, name, email] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof u === 'boolean' && typeof name === 'string' && typeof email === 'string')
      return { unnamed: u, name, email };
  } catch {
    // answered below
  }
  throw new ValidationError('Invalid cursor');
}

/**
 * One keyset page of the user's contacts, ordered by display name (case-insensitive; unnamed
 * last) then e-mail.
 * @param q only contacts whose name or e-mail contains this text, case-insensitive; `%`, `_` and
 *   `\\` match themselves
 * @param limit rows per page (default 50, at most 200)
 * @param cursor `nextCursor` of the previous page
 * @throws ValidationError for a malformed cursor
 */
export async function listContacts(
  db: Database,
  userId: string,
  {
    q,
    cursor,
    limit = CONTACT_LIMITS.pageDefault,
  }: { q?: string | undefined; cursor?: string | undefined; limit?: number } = {},
): Promise<ContactList> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const text = q?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const rows = await db
    .select({ ...columns, sortName })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        pattern
          ? or(ilike(contacts.displayName, pattern), ilike(contacts.email, pattern))
          : undefined,
        after
          ? sql`(${unnamed}, ${sortName}, ${contacts.email}) > (${after.unnamed}, ${after.name}, ${after.email})`
          : undefined,
      ),
    )
    .orderBy(unnamed, sortName, contacts.email)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    contacts: page.map(({ sortName: _sortName, ...contact }) => contact),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({
            unnamed: last.displayName === null,
            name: last.sortName,
            email: last.email,
          })
        : null,
  };
}

/**
 * The user's contacts among `emails` (matched lower-cased), for attendee avatars; unknown e-mails
 * are left out. At most {@link CONTACT_LIMITS.lookupMax} e-mails (the route validates it).
 */
export async function lookupContacts(
  db: Database,
  userId: string,
  emails: readonly string[],
): Promise<Contact[]> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))].filter(Boolean);
  if (wanted.length === 0) return [];
  return db
    .select(columns)
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.email, wanted)))
    .orderBy(contacts.email);
}
