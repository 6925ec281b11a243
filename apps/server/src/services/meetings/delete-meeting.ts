import { and, eq } from 'drizzle-orm';
import { meetings, type Database } from '@summy/db';
import { NotFoundError } from '../../http/errors.ts';

/**
 * Deletes one of the user's meetings (its action items go with it).
 * @throws NotFoundError when the meeting does not exist or belongs to another user
 */
export async function deleteMeeting(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.userId, userId)))
    .returning({ id: meetings.id });
  if (gone.length === 0) throw new NotFoundError('Meeting');
}
