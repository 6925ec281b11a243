/** `DELETE /api/shares/{id}`: revokes one of the user's links. */
import { and, eq, isNull } from 'drizzle-orm';
import { meetingShares, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';

/**
 * Revokes the link at once: its page and API answer 404 from the next request on, like an
 * unknown token. The row stays (revoked) so its hash can never be reused.
 * @throws NotFoundError when the link does not exist, is another user's or is already revoked
 */
export async function revokeShareLink(db: Database, userId: string, id: string): Promise<void> {
  const done = await db
    .update(meetingShares)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(meetingShares.id, id),
        eq(meetingShares.ownerId, userId),
        isNull(meetingShares.revokedAt),
      ),
    )
    .returning({ id: meetingShares.id });
  if (done.length === 0) throw new NotFoundError('Share link');
}
