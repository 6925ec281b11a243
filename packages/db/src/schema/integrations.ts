/**
 * Connections to third-party task services that are not OAuth. OAuth tokens live in
 * `user_oauth_tokens` (accounts.ts); this file holds what needs a user name and password.
 */
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * One CalDAV account per user for the reminders integration (shown as 'Apple Reminders').
 * `password` is the app-specific password encrypted with the server's token key (`tokenCrypto`),
 * never answered. `selectedLists` holds calendar collection URLs; empty (or 'default') means every
 * to-do list of the account.
 */
export const caldavConnections = pgTable('caldav_connections', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The CalDAV server URL the user gave (the documented `containerId`). */
  serverUrl: text('server_url').notNull(),
  username: text('username').notNull(),
  /** Encrypted at rest with Better Auth's token encryption (`tokenCrypto`, keyed by AUTH_SECRET). */
  password: text('password').notNull(),
  selectedLists: jsonb('selected_lists')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
