import { desc, eq } from 'drizzle-orm';
import type { Chat } from '@summy/core';
import { chats, type Database } from '@summy/db';
import { toChat } from './to-chat.ts';

/** Chat list limit (spec 000 section 9). */
export const CHAT_LIST_LIMIT = 200;

/** The user's last 200 chats, newest first. */
export async function listChats(db: Database, userId: string): Promise<Chat[]> {
  const rows = await db
    .select()
    .from(chats)
    .where(eq(chats.userId, userId))
    .orderBy(desc(chats.createdAt), desc(chats.id))
    .limit(CHAT_LIST_LIMIT);
  return rows.map(toChat);
}
