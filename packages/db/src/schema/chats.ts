/** Chats with the meeting assistant and their messages. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { meetings } from './meetings.ts';

/** A citation of an assistant answer: quoted text and the meeting section it came from. */
export interface StoredCitation {
  text: string;
  section: string;
  meetingId?: string | null;
  speaker?: string | null;
  /** Start of the cited transcript turn, in seconds. */
  start?: number | null;
  /** The number the answer's text cites it by. */
  ref?: number;
  /** Transcript turn index (the meeting view's card). */
  turnIndex?: number | null;
  meetingTitle?: string | null;
  /** A segment of a live draft transcript: `turnIndex` is then the segment's `seq`. */
  live?: boolean;
}

/** A chat session; `context_meeting_ids` are the meetings it is about. */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title'),
    contextMeetingIds: uuid('context_meeting_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chats_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** One message of a chat, from the user (`is_user`) or the assistant. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    isUser: boolean('is_user').notNull(),
    citations: jsonb('citations').$type<StoredCitation[]>(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_chat_timestamp_idx').on(t.chatId, t.timestamp),
    index('chat_messages_user_meeting_idx').on(t.userId, t.meetingId),
  ],
);
