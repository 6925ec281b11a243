/**
 * Personal API keys. Only the SHA-256 of a key is stored (keys are 32 random bytes, so a fast hash
 * is as safe as a slow one and costs nothing per request); the first 12 characters stay readable
 * so the user can tell keys apart.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** A user's API key: name, scope ('read' | 'read-write'), hash, last use. Revoking deletes it. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'read-write'] }).notNull(),
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.hash), index('api_keys_user_idx').on(t.userId)],
);
