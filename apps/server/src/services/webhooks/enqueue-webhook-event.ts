/**
 * Emitting a webhook event: one delivery row per enabled endpoint of the user subscribed to it,
 * and one `webhook.deliver` job per row (jobs/queues/webhook-deliver.ts). Emitting never fails the
 * action that caused it: a failure is logged and the action goes on. The delivery log keeps the
 * newest {@link WEBHOOK_DELIVERIES_KEPT} rows per endpoint (docs/decisions/057-webhooks.md).
 */
import { randomUUID } from 'node:crypto';
import { and, arrayContains, desc, eq, notInArray } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_TEST_EVENT,
  type Todo,
  type WebhookDeliveryEvent,
  type WebhookEvent,
  type WebhookPayload,
} from '@summy/core';
import { webhookDeliveries, webhooks, type Database } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import { log } from '../../log.ts';

/** What emitting needs: the database and the job queue. */
export type WebhookEventDeps = Pick<AppDeps, 'database' | 'jobs'>;

/** `data` of meeting events: enough to fetch the rest through the API. */
export interface MeetingEventData {
  id: string;
  title: string;
  /** The meeting in Summy's web app (PUBLIC_URL/meeting/{id}). */
  url: string;
  [key: string]: unknown;
}

/** `data` of a meeting event, from the meeting's id and title and the server's PUBLIC_URL. */
export function meetingEventData(
  publicUrl: string,
  meeting: { id: string; title: string },
  extra: Record<string, unknown> = {},
): MeetingEventData {
  return {
    id: meeting.id,
    title: meeting.title,
    url: `${publicUrl}/meeting/${meeting.id}`,
    ...extra,
  };
}

/** `data` of to-do events: the to-do without its search and Linear internals. */
export function todoEventData(todo: Todo): Record<string, unknown> {
  return {
    id: todo.id,
    title: todo.title,
    description: todo.description,
    assignedTo: todo.assignedTo,
    completed: todo.completed,
    dueDate: todo.dueDate,
    meetingId: todo.meetingId,
    createdAt: todo.createdAt,
  };
}

/**
 * Sends `event` with `data` to each of the user's enabled endpoints subscribed to it. Never
 * throws: a failure is logged (warn) and the caller's action stands.
 * @returns how many deliveries were queued (0 after a failure)
 */
export async function enqueueWebhookEvent(
  deps: WebhookEventDeps,
  userId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  try {
    const { db } = deps.database;
    const targets = await db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(
        and(
          eq(webhooks.userId, userId),
          eq(webhooks.enabled, true),
          arrayContains(webhooks.events, [event]),
        ),
      );
    if (targets.length === 0) return 0;
    const payload = { type: event, timestamp: new Date().toISOString(), data };
    for (const target of targets) await queueDelivery(deps, target.id, event, payload);
    return targets.length;
  } catch (err) {
    log.warn({ err, userId, event }, '[webhooks] could not queue the event');
    return 0;
  }
}

/**
 * Sends the `webhook.test` ping to one of the user's endpoints, enabled or not (the user asked).
 * @returns the delivery's id, to find it in the log
 * @throws NotFoundError when the endpoint does not exist or is another user's
 */
export async function sendTestWebhook(
  deps: WebhookEventDeps,
  userId: string,
  webhookId: string,
): Promise<{ deliveryId: string }> {
  const [row] = await deps.database.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.userId, userId)));
  if (!row) throw new NotFoundError('Webhook');
  const payload: WebhookPayload = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: new Date().toISOString(),
    data: { webhookId, message: 'A test event from Summy' },
  };
  return { deliveryId: await queueDelivery(deps, row.id, WEBHOOK_TEST_EVENT, payload) };
}

// Records the delivery, prunes the endpoint's log, then queues the job.
async function queueDelivery(
  deps: WebhookEventDeps,
  webhookId: string,
  event: WebhookDeliveryEvent,
  payload: WebhookPayload,
): Promise<string> {
  const { db } = deps.database;
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId,
      event,
      // The spec's `webhook-id`: unique per message, kept across retries.
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      payload,
    })
    .returning({ id: webhookDeliveries.id });
  await pruneDeliveries(db, webhookId);
  try {
    await deps.jobs.send('webhook.deliver', { deliveryId: delivery!.id });
  } catch (err) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'Could not be queued' })
      .where(eq(webhookDeliveries.id, delivery!.id));
    throw err;
  }
  return delivery!.id;
}

// Keeps the newest deliveries of one endpoint.
async function pruneDeliveries(db: Database, webhookId: string): Promise<void> {
  const kept = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_KEPT);
  await db
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), notInArray(webhookDeliveries.id, kept)));
}
