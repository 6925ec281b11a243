/**
 * `POST /api/chats`: a new chat about some meetings ("chats: insert (user_id,
 * context_meeting_ids)"). The panel calls it through the persistence rules, which swallow its
 * failures.
 */
import { chatSchema, type Chat } from '@summy/core';
import { apiFetch } from '@/lib/api-client';

/** Body of {@link createChat}. */
export interface CreateChatInput {
  title?: string | null;
  /** The meetings the chat is about; empty = all meetings. */
  contextMeetingIds?: string[];
}

/** Creates a chat. Throws `ApiRequestError` (404 when a meeting is not the user's). */
export function createChat(input: CreateChatInput): Promise<Chat> {
  return apiFetch('/chats', chatSchema, { method: 'POST', json: input });
}
