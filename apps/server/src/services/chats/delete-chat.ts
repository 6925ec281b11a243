import { and, eq } from 'drizzle-orm';
import { chats, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';

/**
 * Deletes one of the user's chats with its messages (their `chat_id` foreign key cascades). The API
 * has no route for it (chats are only created and retitled): `summy demo --reset` uses it to
 * replace the chats it made.
 * @throws NotFoundError when the chat does not exist or belongs to another user
 */
export async function deleteChat(db: Database, userId: string, chatId: string): Promise<void> {
  const deleted = await db
    .delete(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning({ id: chats.id });
  if (deleted.length === 0) throw new NotFoundError('Chat');
}
