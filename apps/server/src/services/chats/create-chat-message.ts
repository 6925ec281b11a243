import type { z } from 'zod';
import type { ChatMessage, createChatMessageSchema } from '@summy/core';
import { chatMessages, type Database } from '@summy/db';
import { assertReadableMeetings } from '../shares/list-shared-with-me.ts';
import { assertOwnChat } from './assert-own-chat.ts';
import { toChatMessage } from './to-chat.ts';

/**
 * Adds a message (content, is_user, meeting_id, chat_id, user_id) to one of the user's chats, or to
 * none when `chatId` is null: the documented retry "without chat_id when a meeting id exists"
 * (section
 * 8).
 * @throws NotFoundError when the chat or the message's meeting is neither theirs nor shared with them
 */
export async function createChatMessage(
  db: Database,
  userId: string,
  chatId: string | null,
  input: z.infer<typeof createChatMessageSchema>,
): Promise<ChatMessage> {
  if (chatId) await assertOwnChat(db, userId, chatId);
  if (input.meetingId) await assertReadableMeetings(db, userId, [input.meetingId]);
  const [row] = await db
    .insert(chatMessages)
    .values({
      userId,
      chatId,
      content: input.content,
      isUser: input.isUser,
      meetingId: input.meetingId ?? null,
      citations: input.citations ?? [],
    })
    .returning();
  return toChatMessage(row!);
}
