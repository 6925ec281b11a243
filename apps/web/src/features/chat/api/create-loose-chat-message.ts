/**
 * `POST /api/chat-messages`: saves a message with an optional chat. The panel uses it with `chatId:
 * null` when no chat could be created or saving into it failed, and only when the message belongs
 * to a meeting ("A chat message insert that fails on the chat_id column is retried without it when
 * a meeting id exists").
 */
import { chatMessageSchema, type ChatMessage } from '@summy/core';
import { apiFetch } from '@/lib/api-client';
import type { NewChatMessage } from './create-chat-message';

/** Saves a message, in a chat or (`chatId` null) in none. Throws `ApiRequestError`. */
export function createLooseChatMessage(
  message: NewChatMessage & { chatId: string | null },
): Promise<ChatMessage> {
  return apiFetch('/chat-messages', chatMessageSchema, { method: 'POST', json: message });
}
