/**
 * `webhook.deliver`: one webhook delivery (services/webhooks/deliver-webhook.ts). A failed try
 * (non-2xx, time-out, no connection) throws and pg-boss retries it 6 times with exponential
 * backoff and jitter: about 30 s, 1, 2, 4, 8 and 16 minutes later, each wait up to twice that, so
 * the last try comes within about an hour; then the delivery is marked failed
 * (docs/decisions/057-webhooks.md).
 */
import {
  deliverWebhook,
  failWebhookDelivery,
  type DeliverWebhookDeps,
} from '../../services/webhooks/deliver-webhook.ts';
import { WEBHOOK_DELIVER } from '../payloads.ts';
import { defineQueue } from '../queue.ts';

/** The queue of webhook deliveries. */
export const webhookDeliverQueue = defineQueue({
  ...WEBHOOK_DELIVER,
  options: {
    retryLimit: 6,
    // Seconds; pg-boss waits retryDelay × 2^n × (1 + random) before try n + 2.
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 60 * 60,
    // A try takes at most the 10 s time-out; the rest is margin.
    expireInSeconds: 60,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  },
  // Receivers answer slowly at times: a few tries at once, none holding up another user's.
  kind: 'webhooks',
  work: { localConcurrency: 4, pollingIntervalSeconds: 1 },
  async handler(deps: DeliverWebhookDeps, [job]) {
    return { outcome: await deliverWebhook(deps, job.data.deliveryId) };
  },
  onExhausted: (deps, data) => failWebhookDelivery(deps, data.deliveryId),
});
