/**
 * Per-user settings, linked Google accounts, OAuth tokens and contacts. Access tokens and refresh
 * tokens never leave the server.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { account, user } from './auth.ts';

/** AI preferences: 'auto' or 'provider:model'; defaults auto, auto, general. */
export interface StoredAiPreferences {
  summaryModel: string;
  chatModel: string;
  summaryTemplate: string;
}

/** One row per user: primary Google account, AI preferences and dismissed notices. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  primaryGoogleAccount: text('primary_google_account'),
  aiPreferences: jsonb('ai_preferences')
    .$type<StoredAiPreferences>()
    .notNull()
    .default(sql`'{"summaryModel":"auto","chatModel":"auto","summaryTemplate":"general"}'::jsonb`),
  /**
   * Ids of the notices the user dismissed for good (`NOTICE_IDS` of @summy/core), kept here
   * rather than in a browser so they stay dismissed on every device and after sign-out.
   */
  dismissedNotices: text('dismissed_notices')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Show a live draft transcript while recording (Settings > Recording); on by default. */
  liveTranscript: boolean('live_transcript').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A Google account linked to a user for sign-in, calendar and contacts: its profile and flags. Its
 * tokens are not here but in Better Auth's `account` row (`accountId`), encrypted at rest
 * (`encryptOAuthTokens`); docs/decisions/017-google-oauth-and-linked-accounts.md. `id` is that
 * row's id, so the two share one identifier and the profile goes when the account goes.
 */
export const userGoogleAccounts = pgTable(
  'user_google_accounts',
  {
    id: text('id')
      .primaryKey()
      .references(() => account.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    photoUrl: text('photo_url'),
    /** The account the user signed up with: always present, never removable. */
    isAuthAccount: boolean('is_auth_account').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_google_accounts_user_email_uq').on(t.userId, t.email),
    index('user_google_accounts_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** An OAuth token per user and provider (google, linear, ...): unique per user and provider. */
export const userOauthTokens = pgTable(
  'user_oauth_tokens',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scopes: text('scopes').array(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'user_oauth_tokens_pk', columns: [t.userId, t.provider] })],
);

/** A contact synced from Google; unique per user and email. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    voiceId: text('voice_id'),
    voiceSampleUrl: text('voice_sample_url'),
    isOrganizationContact: boolean('is_organization_contact').notNull().default(false),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_user_email_uq').on(t.userId, t.email),
    index('contacts_user_name_idx').on(t.userId, t.displayName, t.email),
  ],
);
