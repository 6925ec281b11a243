import type { z } from 'zod';
import type { Chat, createChatSchema } from '@summy/core';
import { chats, type Database } from '@summy/db';
import { assertReadableMeetings } from '../shares/list-shared-with-me.ts';
import { toChat } from './to-chat.ts';

/**
 * Creates a chat for the user about the given meetings (user_id, context_meeting_ids). @throws
 * NotFoundError when a context meeting is neither the user's nor shared with them
 */
export async function createChat(
  db: Database,
  userId: string,
  input: z.infer<typeof createChatSchema>,
): Promise<Chat> {
  const ids = input.contextMeetingIds ?? [];
  await assertReadableMeetings(db, userId, ids);
  const [row] = await db
    .insert(chats)
    .values({ userId, title: input.title ?? null, contextMeetingIds: [...new Set(ids)] })
    .returning();
  return toChat(row!);
}
