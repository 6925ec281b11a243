import { and, eq, inArray } from 'drizzle-orm';
import { meetings, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';

/**
 * Ensures every meeting id belongs to the user, so nothing of the user's can point at another
 * user's meeting. @throws NotFoundError when an id is unknown or foreign (alike, by design)
 */
export async function assertOwnMeetings(
  db: Database,
  userId: string,
  ids: string[],
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.userId, userId), inArray(meetings.id, unique)));
  if (rows.length !== unique.length) throw new NotFoundError('Meeting');
}
