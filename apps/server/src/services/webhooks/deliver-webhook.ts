/**
 * One try of one webhook delivery, as the `webhook.deliver` job runs it: the body is signed with
 * the endpoint's secret by the `standardwebhooks` library (headers `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`; a fresh timestamp on each try, the same id), POSTed
 * under the sender's network rules (integrations/webhooks/post-webhook.ts), and the outcome
 * recorded on the delivery row. A non-2xx answer or no answer throws, so pg-boss retries with
 * backoff; a URL refused by the rules fails at once, since retrying would be refused alike.
 * Spec: https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
 */
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveries, webhooks } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';
import { postWebhook, WEBHOOK_URL_RULES } from '../../integrations/webhooks/post-webhook.ts';
import { log } from '../../log.ts';

/** What a delivery needs: the database, the secret's key (auth) and the network rules (env). */
export type DeliverWebhookDeps = Pick<AppDeps, 'database' | 'auth' | 'env'>;

/** How a try ended; `retry` is thrown as {@link WebhookDeliveryError} instead. */
export type DeliveryOutcome = 'delivered' | 'refused' | 'gone' | 'disabled';

/** Thrown after a failed try that is worth retrying (pg-boss retries the job). */
export class WebhookDeliveryError extends Error {
  constructor(
    readonly statusCode: number | null,
    detail: string,
  ) {
    super(`Webhook delivery failed: ${detail}`);
  }
}

// Broken rules fail at once; a name that does not resolve now may resolve at the next try.
const REFUSALS = new Set<string>([
  WEBHOOK_URL_RULES.scheme,
  WEBHOOK_URL_RULES.https,
  WEBHOOK_URL_RULES.private,
]);

/**
 * Makes one try of delivery `deliveryId`, counting it in `attempts`.
 * @returns 'delivered' (2xx), 'refused' (the URL broke the network rules: marked failed, no
 *   retry), 'gone' (the delivery or its endpoint was deleted), 'disabled' (the endpoint was
 *   turned off since: marked failed)
 * @throws WebhookDeliveryError for a non-2xx answer, a time-out or a connection failure
 */
export async function deliverWebhook(
  deps: DeliverWebhookDeps,
  deliveryId: string,
): Promise<DeliveryOutcome> {
  const { db } = deps.database;
  const [row] = await db
    .select({
      messageId: webhookDeliveries.messageId,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      event: webhookDeliveries.event,
      url: webhooks.url,
      secret: webhooks.secret,
      enabled: webhooks.enabled,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return 'gone';
  if (row.status === 'delivered') return 'delivered';
  const record = (set: Partial<typeof webhookDeliveries.$inferInsert>) =>
    db
      .update(webhookDeliveries)
      .set({ ...set, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(eq(webhookDeliveries.id, deliveryId));
  // The test ping goes to an endpoint that is off too: the user asked for it.
  if (!row.enabled && row.event !== 'webhook.test') {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'The webhook was turned off' })
      .where(eq(webhookDeliveries.id, deliveryId));
    return 'disabled';
  }
  const secret = await (await tokenCrypto(deps.auth)).decrypt(row.secret);
  const body = JSON.stringify(row.payload);
  // The header says the same second the signature covers.
  const now = new Date();
  const signature = new Webhook(secret).sign(row.messageId, now, body);
  const attempt = await postWebhook(
    row.url,
    body,
    {
      'webhook-id': row.messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
    { allowPrivateHosts: deps.env.webhooksAllowPrivateHosts },
  );
  if (attempt.ok) {
    await record({
      status: 'delivered',
      lastStatusCode: attempt.statusCode,
      lastError: null,
      deliveredAt: new Date(),
    });
    return 'delivered';
  }
  if (attempt.statusCode === null && REFUSALS.has(attempt.error ?? '')) {
    await record({ status: 'failed', lastStatusCode: null, lastError: attempt.error });
    log.warn({ deliveryId }, '[webhooks] the endpoint’s address is refused; not sent');
    return 'refused';
  }
  await record({ lastStatusCode: attempt.statusCode, lastError: attempt.error });
  throw new WebhookDeliveryError(attempt.statusCode, attempt.error ?? 'unknown');
}

/**
 * Marks a delivery failed after its last try (the job's `onExhausted`); 'pending' otherwise
 * stays shown while retries wait.
 */
export async function failWebhookDelivery(
  deps: Pick<AppDeps, 'database'>,
  deliveryId: string,
): Promise<void> {
  await deps.database.db
    .update(webhookDeliveries)
    .set({ status: 'failed' })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
}
