/**
 * Better Auth's tables (user, session, account, verification, rateLimit), in the shape Better
 * Auth 1.7's Drizzle adapter expects (https://www.better-auth.com/docs/concepts/database#core-schema),
 * and Summy's own per-account and per-address counters of sign-in attempts (`auth_attempt`).
 * Ids are Better Auth's own random strings, so every `user_id` in Summy's tables is `text`.
 */
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A person who can sign in. `email` is unique. `role` is 'admin' (manages what the server shares:
 * its speech models, sign-up invitations) or 'user'; a Better Auth additional field the client
 * cannot set (docs/decisions/037-administrators-and-sign-up.md). `disabledAt` is set while an
 * administrator has disabled the account: it cannot sign in and its sessions are ended
 * (docs/decisions/077-administration-in-settings.md).
 */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role', { enum: ['admin', 'user'] })
    .notNull()
    .default('user'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/** A signed-in browser session; `token` is what the session cookie carries (signed). */
export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/**
 * A credential of a user: the email/password hash (`providerId` 'credential') or a linked OAuth
 * account (`providerId` 'google') with its access token, refresh token and scopes.
 */
export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/** Short-lived values Better Auth verifies later (OAuth state, e-mail verification). */
export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Better Auth's rate limiter state with `rateLimit.storage: 'database'`: one row per client address
 * and auth path (`key` is `{address}|{path}`), `count` requests since `lastRequest` (ms since the
 * epoch). Shared by every server on the database. Shape:
 * https://www.better-auth.com/docs/concepts/rate-limit#using-database-storage
 */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Summy's counters of credential attempts (docs/decisions/011): per account (`acct:` + an HMAC of
 * the e-mail, or `user:` + the user id, so no e-mail is stored in clear) and per client address
 * (`addr:`), each a fixed window that ends at `resetAt`. Rows past `resetAt` are dead and pruned.
 */
export const authAttempt = pgTable(
  'auth_attempt',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_attempt_reset_at_idx').on(t.resetAt)],
);

/**
 * E-mail addresses an administrator invited (SIGNUP=invite): only these may create an account,
 * by password or Google. An invitation is used up by the sign-up it allowed. `email` is stored
 * lower-case.
 */
export const signupInvite = pgTable('signup_invite', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Server-wide settings an administrator changes in Settings > Administration, one row per `key`
 * (e.g. 'signup_mode' with value 'open' | 'invite' | 'closed'). A key without a row falls back to
 * its environment variable, so a fresh server follows its .env
 * (docs/decisions/077-administration-in-settings.md).
 */
export const serverSetting = pgTable('server_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
