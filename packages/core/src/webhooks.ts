/**
 * Webhooks: a user's endpoints that Summy POSTs events to, signed per the Standard Webhooks spec
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md).
 * docs/self-hosting.md#webhooks, docs/decisions/057-webhooks.md.
 */
import { z } from './zod.ts';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'meeting.processed',
  'meeting.deleted',
  'todo.created',
  'todo.completed',
] as const;

/** One of {@link WEBHOOK_EVENTS}. */
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The event of the "Send test" ping; never subscribed to, sent to one endpoint on request. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What a delivery carries: a subscribed event or the test ping. */
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** Endpoints a user may hold at once. */
export const WEBHOOKS_MAX = 10;

/** Deliveries kept per endpoint: older ones are pruned as new ones are made. */
export const WEBHOOK_DELIVERIES_KEPT = 50;

/** Body of `POST /api/webhooks`. */
export const createWebhookSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000, 'A URL has at most 2000 characters')
      .pipe(z.url({ protocol: /^https?$/, message: 'Enter an http or https URL' })),
    events: z
      .array(webhookEventSchema)
      .min(1, 'Choose at least one event')
      .transform((events) => [...new Set(events)]),
  })
  .strict();
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** Body of `PATCH /api/webhooks/{id}`: the events, the switch, or both. */
export const updateWebhookSchema = z
  .object({
    events: z
      .array(webhookEventSchema)
      .min(1, 'Choose at least one event')
      .transform((events) => [...new Set(events)])
      .optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

/** An endpoint as listed: never its secret. */
export const webhookSchema = z.object({
  id: z.string().uuid(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Webhook = z.infer<typeof webhookSchema>;

/**
 * `POST /api/webhooks` answer: the endpoint with its signing secret (`whsec_` and 24 random bytes
 * in base64, the spec's form), shown this once.
 */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** `POST /api/webhooks/{id}/test` answer (202): the queued delivery, to find in the log. */
export const webhookTestQueuedSchema = z.object({ deliveryId: z.string().uuid() });

/** `GET /api/webhooks`. */
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

/** Where a delivery stands: waiting or retrying, answered 2xx, or out of tries (or refused). */
export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** One delivery of one event to one endpoint, as the delivery log lists it. */
export const webhookDeliverySchema = z.object({
  id: z.string().uuid(),
  webhookId: z.string().uuid(),
  /** An event of {@link WEBHOOK_EVENTS} or 'webhook.test'. */
  event: z.string(),
  /** The `webhook-id` header: the same on every try, for the receiver to drop duplicates. */
  messageId: z.string(),
  status: webhookDeliveryStatusSchema,
  /** Tries made so far. */
  attempts: z.number().int(),
  /** HTTP status of the last answer; null when none came (refused, time-out, no connection). */
  lastStatusCode: z.number().int().nullable(),
  /** Why the last try failed; null after a success. */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/webhooks/{id}/deliveries`: newest first, at most {@link WEBHOOK_DELIVERIES_KEPT}. */
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/**
 * The JSON body of every delivery, the spec's recommended shape: `type` the event, `timestamp`
 * (ISO 8601) when it happened, `data` the object it is about.
 */
export interface WebhookPayload<Data = Record<string, unknown>> {
  type: WebhookDeliveryEvent;
  timestamp: string;
  data: Data;
}
