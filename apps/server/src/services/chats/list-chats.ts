import { and, desc, eq, sql } from 'drizzle-orm';
import { CHAT_LIST_LIMIT, type Chat } from '@summy/core';
import { chatMessages, chats, type Database } from '@summy/db';
import { toChat } from './to-chat.ts';

/**
 * The user's last 200 chats, newest first, each with its latest message's content for the title
 * fallback ("select the latest by chat ids").
 */
export async function listChats(db: Database, userId: string): Promise<Chat[]> {
  const latest = db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chats.id), eq(chatMessages.userId, userId)))
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
    .limit(1);
  const rows = await db
    .select({ chat: chats, latestMessage: sql<string | null>`(${latest})` })
    .from(chats)
    .where(eq(chats.userId, userId))
    .orderBy(desc(chats.createdAt), desc(chats.id))
    .limit(CHAT_LIST_LIMIT);
  return rows.map((r) => ({ ...toChat(r.chat), latestMessage: r.latestMessage }));
}
