import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Chat, updateChatSchema } from '@summy/core';
import { chats, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { assertReadableMeetings } from '../shares/list-shared-with-me.ts';
import { toChat } from './to-chat.ts';

/**
 * Updates a chat's title or context meetings.
 * @throws NotFoundError when the chat is not the user's, or a context meeting neither theirs nor shared with them
 */
export async function updateChat(
  db: Database,
  userId: string,
  id: string,
  input: z.infer<typeof updateChatSchema>,
): Promise<Chat> {
  const set: Partial<typeof chats.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.contextMeetingIds !== undefined) {
    await assertReadableMeetings(db, userId, input.contextMeetingIds);
    set.contextMeetingIds = [...new Set(input.contextMeetingIds)];
  }
  const where = and(eq(chats.id, id), eq(chats.userId, userId));
  const [row] =
    Object.keys(set).length > 0
      ? await db.update(chats).set(set).where(where).returning()
      : await db.select().from(chats).where(where);
  if (!row) throw new NotFoundError('Chat');
  return toChat(row);
}
