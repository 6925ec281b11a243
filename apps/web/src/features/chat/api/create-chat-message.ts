/**
 * `POST /api/chats/:id/messages`: saves a question or an answer in a chat ("chat_messages: insert
 * (content, is_user, meeting_id, chat_id, user_id)").
 */
import { chatMessageSchema, type ChatMessage } from '@summy/core';
import { apiFetch } from '@/lib/api-client';

/** A message to save. Citations keep their `ref`, meeting and turn so a reopened answer links. */
export interface NewChatMessage {
  content: string;
  isUser: boolean;
  /** The single meeting the conversation is about, else null. */
  meetingId?: string | null;
  citations?: readonly object[];
}

/** Saves a message in a chat. Throws `ApiRequestError` (404 for another user's chat or meeting). */
export function createChatMessage(chatId: string, message: NewChatMessage): Promise<ChatMessage> {
  return apiFetch(`/chats/${encodeURIComponent(chatId)}/messages`, chatMessageSchema, {
    method: 'POST',
    json: message,
  });
}
