/**
 * What other accounts of this server shared with the user: 'Shared with me' in the sidebar, the
 * read of one such meeting, and which picked meetings a chat may read.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { SharedWithMeItem } from '@summy/core';
import { meetings, meetingViewers, user, type Database } from '@summy/db';
import { assertOwnMeetings } from '../meetings/assert-own-meetings.ts';

/** Most meetings 'Shared with me' lists. */
export const SHARED_WITH_ME_LIMIT = 200;

/** The meetings shared with the user, latest meeting first, at most {@link SHARED_WITH_ME_LIMIT}. */
export async function listSharedWithMe(
  db: Database,
  viewerId: string,
): Promise<SharedWithMeItem[]> {
  const rows = await db
    .select({
      id: meetings.id,
      title: meetings.title,
      date: meetings.date,
      duration: meetings.duration,
      ownerName: user.name,
      ownerEmail: user.email,
      sharedAt: meetingViewers.createdAt,
    })
    .from(meetingViewers)
    .innerJoin(
      meetings,
      and(eq(meetings.id, meetingViewers.meetingId), eq(meetings.userId, meetingViewers.ownerId)),
    )
    .innerJoin(user, eq(user.id, meetingViewers.ownerId))
    .where(eq(meetingViewers.viewerId, viewerId))
    .orderBy(desc(meetings.date), desc(meetings.id))
    .limit(SHARED_WITH_ME_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    date: r.date.toISOString(),
    duration: r.duration,
    owner: { name: r.ownerName, email: r.ownerEmail },
    sharedAt: r.sharedAt.toISOString(),
  }));
}

/**
 * The owners of those of `meetingIds` shared with the user, by meeting id (the user's own meetings
 * are not in it).
 */
export async function sharedMeetingOwners(
  db: Database,
  viewerId: string,
  meetingIds: readonly string[],
): Promise<Map<string, string>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db
    .select({ meetingId: meetingViewers.meetingId, ownerId: meetingViewers.ownerId })
    .from(meetingViewers)
    .innerJoin(
      meetings,
      and(eq(meetings.id, meetingViewers.meetingId), eq(meetings.userId, meetingViewers.ownerId)),
    )
    .where(
      and(
        eq(meetingViewers.viewerId, viewerId),
        inArray(meetingViewers.meetingId, [...meetingIds]),
      ),
    );
  return new Map(rows.map((r) => [r.meetingId, r.ownerId]));
}

/**
 * Checks that the user may read every one of `meetingIds` (their own, or shared with them) and
 * answers whose rows that reads: the user's id, then the owners of the shared ones.
 * @throws NotFoundError when a meeting is neither the user's nor shared with them (alike, by design)
 */
export async function assertReadableMeetings(
  db: Database,
  userId: string,
  meetingIds: readonly string[],
): Promise<string[]> {
  const shared = await sharedMeetingOwners(db, userId, meetingIds);
  await assertOwnMeetings(
    db,
    userId,
    meetingIds.filter((id) => !shared.has(id)),
  );
  return [...new Set([userId, ...shared.values()])];
}
