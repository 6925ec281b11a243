/**
 * Share links of meetings. Only the SHA-256 of a link's token is stored (tokens are 128 random
 * bits, so a fast hash is as safe as a slow one); a password is stored as an scrypt hash.
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { meetings } from './meetings.ts';

/**
 * A read-only link to one meeting: which parts it shows, its expiry (null: never), revocation,
 * optional password and views. Deleted with the meeting or its owner.
 */
export const meetingShares = pgTable(
  'meeting_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    includeSummary: boolean('include_summary').notNull(),
    includeActionItems: boolean('include_action_items').notNull(),
    includeTranscript: boolean('include_transcript').notNull(),
    includeAudio: boolean('include_audio').notNull(),
    includeNotes: boolean('include_notes').notNull().default(false),
    /** `scrypt$N$r$p$salt$hash` (base64url), or null without a password. */
    passwordHash: text('password_hash'),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('meeting_shares_token_hash_uq').on(t.tokenHash),
    index('meeting_shares_owner_idx').on(t.ownerId),
    index('meeting_shares_meeting_idx').on(t.meetingId),
  ],
);

/**
 * An account of this server that may read one meeting (a viewer): it appears under 'Shared with
 * me' in their sidebar and may be included in their chats; they never change it. The owner's id
 * is kept so that every read checks both ends. Deleted with the meeting, its owner or the viewer.
 */
export const meetingViewers = pgTable(
  'meeting_viewers',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.viewerId] }),
    index('meeting_viewers_viewer_idx').on(t.viewerId),
  ],
);
