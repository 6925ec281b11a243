import { and, eq } from 'drizzle-orm';
import { chats, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';

/** @throws NotFoundError when the chat does not exist or belongs to another user */
export async function assertOwnChat(db: Database, userId: string, chatId: string): Promise<void> {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)));
  if (!row) throw new NotFoundError('Chat');
}
