import { and, eq } from 'drizzle-orm';
import { chats, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';

/**
 * Deletes one of the user's chats with its messages (their `chat_id` foreign key cascades). The
 * spec names no route for it (spec 000 section 7 only creates chats and updates titles): `summy
 * demo --reset` uses it to replace the chats it made (issue 15 point 7).
 * @throws NotFoundError when the chat does not exist or belongs to another user
 */
export async function deleteChat(db: Database, userId: string, chatId: string): Promise<void> {
  const deleted = await db
    .delete(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning({ id: chats.id });
  if (deleted.length === 0) throw new NotFoundError('Chat');
}
