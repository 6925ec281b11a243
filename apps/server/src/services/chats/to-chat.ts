import type { Chat, ChatMessage } from '@summy/core';
import type { chatMessages, chats } from '@summy/db';

/** A stored chat in the app's shape. */
export function toChat(row: typeof chats.$inferSelect): Chat {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    title: row.title,
    contextMeetingIds: row.contextMeetingIds ?? [],
  };
}

/** A stored chat message in the app's shape. */
export function toChatMessage(row: typeof chatMessages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    content: row.content,
    isUser: row.isUser,
    timestamp: row.timestamp.toISOString(),
    citations: row.citations ?? [],
    meetingId: row.meetingId,
    chatId: row.chatId,
  };
}
