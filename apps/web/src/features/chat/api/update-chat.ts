/**
 * `PATCH /api/chats/:id`: a chat's title (the auto-title after its first answer) or its context
 * meetings.
 */
import { chatSchema, type Chat } from '@summy/core';
import { apiFetch } from '@/lib/api-client';

/** Body of {@link updateChat}: only the fields given change. */
export interface UpdateChatInput {
  title?: string | null;
  contextMeetingIds?: string[];
}

/** Updates a chat. Throws `ApiRequestError` (404 when it is not the user's). */
export function updateChat(id: string, input: UpdateChatInput): Promise<Chat> {
  return apiFetch(`/chats/${encodeURIComponent(id)}`, chatSchema, { method: 'PATCH', json: input });
}
