/**
 * Linking a meeting to a calendar event and unlinking it
 * (docs/decisions/033-event-links-keep-the-speakers.md). A link stores the event's calendar fields
 * on the meeting and files the meeting into groups: one per external attendee e-mail domain and one
 * per recurring series, created on first use and reused after; a membership that exists is left
 * alone (duplicate membership errors are ignored). The meeting's participants are never touched.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  attendeeName,
  emailDomain,
  isRoomAddress,
  UNTITLED_EVENT,
  type LinkCalendarEventInput,
  type LinkedMeetingAnswer,
  type Meeting,
  type MeetingGroupSummary,
} from '@summy/core';
import {
  meetingGroupMembers,
  meetingGroups,
  meetings,
  user,
  userGoogleAccounts,
  type Database,
} from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { primaryGoogleAccountId } from '../../integrations/google/tokens.ts';
import { listGroupsOfMeeting } from '../meeting-groups/list-groups-of-meeting.ts';
import { getMeeting } from '../meetings/get-meeting.ts';

type Tx = Database;

/** The user's own e-mail domains: of the sign-in e-mail and of every linked Google account. */
async function ownDomains(db: Database, userId: string): Promise<Set<string>> {
  const [me] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  const linked = await db
    .select({ email: userGoogleAccounts.email })
    .from(userGoogleAccounts)
    .where(eq(userGoogleAccounts.userId, userId));
  const domains = [me?.email, ...linked.map((a) => a.email)].map((e) =>
    e ? emailDomain(e) : null,
  );
  return new Set(domains.filter((d): d is string => Boolean(d)));
}

/** The linked account: the one named (it must be the user's), else the primary, else none. */
async function linkAccount(
  db: Database,
  userId: string,
  accountId: string | undefined,
): Promise<{ id: string; email: string } | null> {
  const id = accountId ?? (await primaryGoogleAccountId(db, userId));
  if (!id) return null;
  const [row] = await db
    .select({ id: userGoogleAccounts.id, email: userGoogleAccounts.email })
    .from(userGoogleAccounts)
    .where(and(eq(userGoogleAccounts.id, id), eq(userGoogleAccounts.userId, userId)));
  if (!row) throw new NotFoundError('Google account');
  return row;
}

// Find-or-create under the per-user lock taken by the caller, so two links at once cannot create
// the same group twice.
async function ensureGroup(
  tx: Tx,
  userId: string,
  wanted:
    | { type: 'domain'; domain: string }
    | { type: 'recurring'; recurringEventId: string; name: string },
): Promise<string> {
  const match =
    wanted.type === 'domain'
      ? eq(meetingGroups.domain, wanted.domain)
      : eq(meetingGroups.recurringEventId, wanted.recurringEventId);
  const [found] = await tx
    .select({ id: meetingGroups.id })
    .from(meetingGroups)
    .where(and(eq(meetingGroups.userId, userId), eq(meetingGroups.type, wanted.type), match))
    .orderBy(meetingGroups.createdAt)
    .limit(1);
  if (found) return found.id;
  const [row] = await tx
    .insert(meetingGroups)
    .values(
      wanted.type === 'domain'
        ? { userId, type: 'domain', name: wanted.domain, domain: wanted.domain }
        : {
            userId,
            type: 'recurring',
            name: wanted.name,
            recurringEventId: wanted.recurringEventId,
          },
    )
    .returning({ id: meetingGroups.id });
  return row!.id;
}

const lockGroups = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`meeting_groups:${userId}`}))`);

/**
 * Takes the meeting out of the groups its current link put it in (the domain groups of
 * `calendar_event_domains` and the recurring series' group), so a mistaken link leaves no trace.
 */
async function leaveLinkGroups(
  tx: Tx,
  userId: string,
  row: { id: string; domains: string[] | null; recurringEventId: string | null },
): Promise<void> {
  const domains = row.domains ?? [];
  const which = [
    ...(domains.length > 0
      ? [and(eq(meetingGroups.type, 'domain'), inArray(meetingGroups.domain, domains))]
      : []),
    ...(row.recurringEventId
      ? [
          and(
            eq(meetingGroups.type, 'recurring'),
            eq(meetingGroups.recurringEventId, row.recurringEventId),
          ),
        ]
      : []),
  ];
  if (which.length === 0) return;
  const groups = tx
    .select({ id: meetingGroups.id })
    .from(meetingGroups)
    .where(and(eq(meetingGroups.userId, userId), or(...which)));
  await tx
    .delete(meetingGroupMembers)
    .where(
      and(eq(meetingGroupMembers.meetingId, row.id), inArray(meetingGroupMembers.groupId, groups)),
    );
}

async function ownedLink(tx: Tx, userId: string, meetingId: string) {
  const [row] = await tx
    .select({
      id: meetings.id,
      domains: meetings.calendarEventDomains,
      recurringEventId: meetings.calendarRecurringEventId,
    })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
  if (!row) throw new NotFoundError('Meeting');
  return row;
}

/**
 * Links one of the user's meetings to a calendar event: stores the event id, title ('Untitled
 * Event' when empty), attendees (e-mail and name, the name falling back to the part before '@'),
 * the external attendee domains, the recurring event id and the account (its id and e-mail;
 * `calendar_account_removed` cleared); and files the meeting into one group per external attendee
 * domain (the user's own domains, of the sign-in e-mail and of every linked Google account, are
 * not external) and one per recurring series. A meeting already linked leaves its old link's
 * groups first. The meeting's `participants` (the people heard in it) are never touched: the
 * attendees are who was invited and live beside them in the calendar fields, so unlinking gives
 * back exactly what was there before.
 * @param input the documented linked event payload; `accountId` defaults to the primary account
 * @returns the meeting and all its groups
 * @throws NotFoundError when the meeting, or the named Google account, is not the user's
 */
export async function linkCalendarEvent(
  db: Database,
  userId: string,
  meetingId: string,
  input: LinkCalendarEventInput,
): Promise<LinkedMeetingAnswer> {
  const linkedAccount = await linkAccount(db, userId, input.accountId);
  const own = await ownDomains(db, userId);
  const people = input.attendees.filter((a) => !isRoomAddress(a.email));
  const attendees = people.map((a) => ({
    email: a.email,
    name: attendeeName(a.email, a.displayName),
  }));
  const external = [
    ...new Set(
      people
        .map((a) => emailDomain(a.email))
        .filter((d): d is string => Boolean(d) && !own.has(d!)),
    ),
  ].sort();
  const title = input.title?.trim() || UNTITLED_EVENT;
  const recurringEventId = input.recurringEventId?.trim() || null;

  await db.transaction(async (tx) => {
    const t = tx as unknown as Tx;
    const current = await ownedLink(t, userId, meetingId);
    await lockGroups(t, userId);
    await leaveLinkGroups(t, userId, current);
    await t
      .update(meetings)
      .set({
        calendarEventId: input.id,
        calendarEventTitle: title,
        calendarEventAttendees: attendees,
        calendarEventDomains: external,
        calendarRecurringEventId: recurringEventId,
        calendarAccountId: linkedAccount?.id ?? null,
        calendarAccountEmail: linkedAccount?.email ?? null,
        calendarAccountRemoved: false,
        updatedAt: sql`now()`,
      })
      .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
    const groupIds = [];
    for (const domain of external)
      groupIds.push(await ensureGroup(t, userId, { type: 'domain', domain }));
    if (recurringEventId) {
      groupIds.push(
        await ensureGroup(t, userId, { type: 'recurring', recurringEventId, name: title }),
      );
    }
    if (groupIds.length > 0) {
      await t
        .insert(meetingGroupMembers)
        .values(groupIds.map((groupId) => ({ groupId, meetingId })))
        .onConflictDoNothing();
    }
  });
  const meeting = await getMeeting(db, userId, meetingId);
  const groups: MeetingGroupSummary[] = await listGroupsOfMeeting(db, userId, meetingId);
  return { ...meeting, groups };
}

/**
 * Unlinks one of the user's meetings from its calendar event: clears every calendar field (event
 * id, title, attendees, domains, recurring id, account id and e-mail, the removed flag) and takes
 * the meeting out of the groups the link put it in. Participants stay as they are. Unlinking a
 * meeting that is not linked is a no-op.
 * @throws NotFoundError when the meeting is not the user's
 */
export async function unlinkCalendarEvent(
  db: Database,
  userId: string,
  meetingId: string,
): Promise<Meeting> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Tx;
    const current = await ownedLink(t, userId, meetingId);
    await leaveLinkGroups(t, userId, current);
    await t
      .update(meetings)
      .set({
        calendarEventId: null,
        calendarEventTitle: null,
        calendarEventAttendees: null,
        calendarEventDomains: null,
        calendarRecurringEventId: null,
        calendarAccountId: null,
        calendarAccountEmail: null,
        calendarAccountRemoved: false,
        updatedAt: sql`now()`,
      })
      .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
  });
  return getMeeting(db, userId, meetingId);
}
