/**
 * `GET /api/chats`: the signed-in person's last 200 chats, newest first, each with its latest
 * message for the title fallback.
 */
import { chatSchema, type Chat } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key root of everything about chats; the realtime layer reloads it on `chats` changes. */
export const chatsQueryKey = ['chats'] as const;

/** Query key of the chat list. */
export const chatListQueryKey = [...chatsQueryKey, 'list'] as const;

const chatListSchema = chatSchema.array();

/**
 * Fetches the chat list. A failure answers an empty list ("a chat list error returns an empty
 * list"), logged for whoever looks; only an abort is rethrown.
 */
export async function getChats(signal?: AbortSignal): Promise<Chat[]> {
  try {
    return await apiFetch('/chats', chatListSchema, { signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.warn('Loading the chat list failed', error);
    return [];
  }
}

/** Query options of the chat list. */
export function getChatsQueryOptions() {
  return queryOptions({
    queryKey: chatListQueryKey,
    queryFn: ({ signal }) => getChats(signal),
  });
}

/** The chat list, refreshed when chats change (realtime) or a message is saved. */
export function useChats() {
  return useQuery(getChatsQueryOptions());
}
