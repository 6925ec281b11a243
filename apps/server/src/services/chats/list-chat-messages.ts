import { and, asc, eq } from 'drizzle-orm';
import type { ChatMessage } from '@summy/core';
import { chatMessages, type Database } from '@summy/db';
import { assertOwnChat } from './assert-own-chat.ts';
import { toChatMessage } from './to-chat.ts';

/**
 * Messages of one of the user's chats, timestamp ascending.
 * @throws NotFoundError when the chat is not the user's
 */
export async function listChatMessages(
  db: Database,
  userId: string,
  chatId: string,
): Promise<ChatMessage[]> {
  await assertOwnChat(db, userId, chatId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.userId, userId)))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
  return rows.map(toChatMessage);
}
