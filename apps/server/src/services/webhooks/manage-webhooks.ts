/**
 * `/api/webhooks`: the user's endpoints (list, create with the secret shown once, change events
 * or switch off, delete) and each one's delivery log. A URL is checked against the sender's
 * network rules when added (integrations/webhooks/post-webhook.ts) and again at each delivery.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOKS_MAX,
  type CreatedWebhook,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@summy/core';
import { webhookDeliveries, webhooks, type Database } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';
import { assertWebhookUrl } from '../../integrations/webhooks/post-webhook.ts';
import { createUnderCap, type UserCap } from '../caps/create-under-cap.ts';

/** Bytes of a signing secret: the spec asks for 24 to 64. */
const SECRET_BYTES = 32;

/** At most {@link WEBHOOKS_MAX} endpoints a user, counted and inserted as one step. */
const webhooksCap: UserCap = {
  kind: 'webhooks',
  table: webhooks,
  userId: webhooks.userId,
  max: WEBHOOKS_MAX,
  message: `You can have at most ${WEBHOOKS_MAX} webhooks`,
};

/** The listed shape of a stored endpoint. */
function toWebhook(row: typeof webhooks.$inferSelect): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's endpoints, newest first. */
export async function listWebhooks(db: Database, userId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return rows.map(toWebhook);
}

/**
 * Adds an endpoint with a new secret (`whsec_` + base64 of 32 random bytes, the spec's form),
 * answered this once and kept encrypted.
 * The URL is checked and the secret encrypted before the capped insert, so the user's lock is
 * never held across a DNS look-up.
 * @throws ValidationError 400 at {@link WEBHOOKS_MAX} endpoints (also when concurrent creates on
 *   any process would pass it together), or naming the network rule the
 *   URL breaks (plain http or a private address without WEBHOOKS_ALLOW_PRIVATE_HOSTS, a host
 *   name that does not resolve)
 */
export async function createWebhook(
  deps: Pick<AppDeps, 'database' | 'auth' | 'env'>,
  userId: string,
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  const { db } = deps.database;
  await assertWebhookUrl(new URL(input.url), {
    allowPrivateHosts: deps.env.webhooksAllowPrivateHosts,
  });
  const secret = `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
  const encrypted = await (await tokenCrypto(deps.auth)).encrypt(secret);
  const [row] = await createUnderCap(db, webhooksCap, userId, (tx) =>
    tx
      .insert(webhooks)
      .values({ userId, url: input.url, events: input.events, secret: encrypted })
      .returning(),
  );
  return { ...toWebhook(row!), secret };
}

/**
 * Changes an endpoint's events and/or switches it on or off.
 * @throws NotFoundError when the endpoint does not exist or is another user's
 */
export async function updateWebhook(
  db: Database,
  userId: string,
  id: string,
  input: UpdateWebhookInput,
): Promise<Webhook> {
  const [row] = await db
    .update(webhooks)
    .set({
      ...(input.events !== undefined && { events: input.events }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError('Webhook');
  return toWebhook(row);
}

/**
 * Deletes an endpoint with its delivery log; queued tries find nothing and stop.
 * @throws NotFoundError when the endpoint does not exist or is another user's
 */
export async function deleteWebhook(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  if (gone.length === 0) throw new NotFoundError('Webhook');
}

/**
 * An endpoint's delivery log, newest first (at most {@link WEBHOOK_DELIVERIES_KEPT}).
 * @throws NotFoundError when the endpoint does not exist or is another user's
 */
export async function listWebhookDeliveries(
  db: Database,
  userId: string,
  id: string,
): Promise<WebhookDelivery[]> {
  const [owned] = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  if (!owned) throw new NotFoundError('Webhook');
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_KEPT);
  return rows.map((r) => ({
    id: r.id,
    webhookId: r.webhookId,
    event: r.event,
    messageId: r.messageId,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
  }));
}
