/**
 * Webhooks: a user's endpoints and the log of what was sent to them. The signing secret is kept
 * encrypted (it must be read back to sign, so it cannot be hashed); deliveries are pruned to the
 * newest 50 per endpoint (docs/decisions/057-webhooks.md).
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** A user's webhook endpoint: URL, subscribed events, encrypted secret, on or off. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event types ('meeting.processed', 'todo.created', ...; @summy/core WEBHOOK_EVENTS). */
    events: text('events').array().notNull(),
    /** `whsec_…` encrypted with the server's token key (Better Auth's, keyed by AUTH_SECRET). */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

/**
 * One event sent (or being sent) to one endpoint. `message_id` is the `webhook-id` header, the
 * same on every try; `payload` is the JSON body, signed anew on each try with a fresh timestamp.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    messageId: text('message_id').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt)],
);
