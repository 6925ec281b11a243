/** `GET /api/shares` and `GET /api/meetings/{id}/shares`: the user's links. */
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { ShareLink } from '@summy/core';
import { meetings, meetingShares, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { toShareLink } from './share-rows.ts';

/**
 * The user's links that are not revoked (expired ones included, with their expiry), newest
 * first; with `meetingId`, that meeting's only.
 * @throws NotFoundError when `meetingId` is given and is not one of the user's meetings
 */
export async function listShareLinks(
  db: Database,
  userId: string,
  meetingId?: string,
): Promise<ShareLink[]> {
  const where: SQL[] = [eq(meetingShares.ownerId, userId), isNull(meetingShares.revokedAt)];
  if (meetingId) {
    const [own] = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
    if (!own) throw new NotFoundError('Meeting');
    where.push(eq(meetingShares.meetingId, meetingId));
  }
  const rows = await db
    .select({ share: meetingShares, title: meetings.title })
    .from(meetingShares)
    .innerJoin(meetings, eq(meetings.id, meetingShares.meetingId))
    .where(and(...where))
    .orderBy(desc(meetingShares.createdAt), desc(meetingShares.id));
  return rows.map((r) => toShareLink(r.share, r.title));
}
