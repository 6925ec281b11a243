/**
 * `GET /api/chats/:id/messages`: a saved chat's messages, timestamp ascending ("select by chat_id
 * and user ordered by timestamp ascending"), to reopen it from Past chats.
 */
import { chatMessageSchema, type ChatMessage } from '@summy/core';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { chatsQueryKey } from './get-chats';

const chatMessagesSchema = chatMessageSchema.array();

/** Fetches a chat's messages. Throws `ApiRequestError` (404 when the chat is not the user's). */
export function getChatMessages(chatId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return apiFetch(`/chats/${encodeURIComponent(chatId)}/messages`, chatMessagesSchema, { signal });
}

/** Query key of one chat's messages: `['chats', id, 'messages']`. */
export function chatMessagesQueryKey(chatId: string) {
  return [...chatsQueryKey, chatId, 'messages'] as const;
}

/**
 * Query options of a chat's messages. Always re-read when a chat is reopened (staleTime 0): the
 * conversation may have gone on in another tab.
 */
export function getChatMessagesQueryOptions(chatId: string) {
  return queryOptions({
    queryKey: chatMessagesQueryKey(chatId),
    queryFn: ({ signal }) => getChatMessages(chatId, signal),
    staleTime: 0,
  });
}
