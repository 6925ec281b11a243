/**
 * Webhooks through the API: an endpoint is created with its secret shown once, listed without it,
 * and only its owner sees or changes it (a read API key only reads); deliveries reach a real receiver on loopback whose
 * `standardwebhooks` check accepts the signature; a 500 is retried with the same `webhook-id`
 * until a 2xx, and a delivery out of tries is marked failed; an endless answer is cut at the cap;
 * without WEBHOOKS_ALLOW_PRIVATE_HOSTS a loopback or private URL (IPv6 forms of one too) is
 * refused when added and never sent to.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  type CreatedWebhook,
  type WebhookDelivery,
} from '@summy/core';
import { webhooks } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { startEndlessAnswer } from '../../../test/endless-answer.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { tokenCrypto } from '../../crypto/token-crypto.ts';
import { webhookDeliverQueue } from '../../jobs/queues/webhook-deliver.ts';
import type { RunningServer } from '../../server.ts';

let open: RunningServer;
let strict: RunningServer;
let alice: Client;
let bob: Client;
let carol: Client;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [open, strict, receiver] = await Promise.all([
    startTestServer({ WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true' }),
    startTestServer(),
    startWebhookReceiver(),
  ]);
  // Retries a second apart, not 30 s: the schedule itself is pg-boss's (webhook-deliver.ts).
  await open.jobs.boss.updateQueue(webhookDeliverQueue.name, { retryDelay: 1 });
  [alice, bob, carol] = await Promise.all([
    signUp(open, 'Alice'),
    signUp(open, 'Bob'),
    signUp(strict, 'Carol'),
  ]);
});
afterAll(async () => {
  await Promise.all([open?.close(), strict?.close(), receiver?.close()]);
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

async function addWebhook(client: Client, url: string, events: string[]): Promise<CreatedWebhook> {
  const res = await client.post('/api/webhooks', { url, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return createdWebhookSchema.parse(res.body);
}

/** Polls the endpoint's delivery log until `done` holds for its newest delivery. */
async function untilDelivery(
  client: Client,
  webhookId: string,
  done: (d: WebhookDelivery) => boolean,
  ms = 30_000,
): Promise<WebhookDelivery> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await client.get(`/api/webhooks/${webhookId}/deliveries`);
    const [newest] = webhookDeliveryListSchema.parse(res.body).deliveries;
    if (newest && done(newest)) return newest;
    if (Date.now() > end) throw new Error(`delivery never settled: ${JSON.stringify(newest)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The receiver's check, as docs/self-hosting.md shows it. */
function verify(secret: string, request: { headers: Record<string, unknown>; body: string }) {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
}

describe('webhook endpoints', () => {
  it('show the secret once, list without it, and belong to their owner alone', async () => {
    const created = await addWebhook(alice, `${receiver.url}/hooks`, [
      'todo.created',
      'todo.created',
      'meeting.deleted',
    ]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ events: ['todo.created', 'meeting.deleted'], enabled: true });
    const list = webhookListSchema.parse((await alice.get('/api/webhooks')).body);
    expect(list.webhooks.find((w) => w.id === created.id)).toEqual({
      id: created.id,
      url: `${receiver.url}/hooks`,
      events: ['todo.created', 'meeting.deleted'],
      enabled: true,
      createdAt: created.createdAt,
    });
    expect(JSON.stringify(list)).not.toContain(created.secret);
    // Stored encrypted, not as shown.
    const [row] = await open.database.db.select().from(webhooks);
    expect(row?.secret).not.toContain(created.secret.slice(6));

    expect((await bob.get('/api/webhooks')).body).toEqual({ webhooks: [] });
    for (const res of [
      await bob.patch(`/api/webhooks/${created.id}`, { enabled: false }),
      await bob.get(`/api/webhooks/${created.id}/deliveries`),
      await bob.post(`/api/webhooks/${created.id}/test`),
      await bob.delete(`/api/webhooks/${created.id}`),
    ]) {
      expect(res.status).toBe(404);
    }

    const changed = await alice.patch(`/api/webhooks/${created.id}`, {
      events: ['meeting.processed'],
      enabled: false,
    });
    expect(changed.body).toMatchObject({ events: ['meeting.processed'], enabled: false });
    expect((await alice.delete(`/api/webhooks/${created.id}`)).status).toBe(204);
    expect((await alice.get(`/api/webhooks/${created.id}/deliveries`)).status).toBe(404);
  });

  it('are read with a read key and changed only with a read-write key', async () => {
    const key = async (scope: string) =>
      (await alice.post('/api/api-keys', { name: scope, scope })).body.key as string;
    const call = async (token: string, method: string, body?: unknown) =>
      fetch(`${open.url}/api/webhooks`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const read = await key('read');
    expect((await call(read, 'GET')).status).toBe(200);
    const hook = { url: `${receiver.url}/script`, events: ['todo.created'] };
    expect((await call(read, 'POST', hook)).status).toBe(403);
    const created = await call(await key('read-write'), 'POST', hook);
    expect(created.status).toBe(201);
    await alice.delete(`/api/webhooks/${((await created.json()) as { id: string }).id}`);
  });

  it('refuse an unknown event, no event or a URL that is not http(s)', async () => {
    for (const body of [
      { url: `${receiver.url}/`, events: ['meeting.exploded'] },
      { url: `${receiver.url}/`, events: [] },
      { url: 'ftp://example.com/hook', events: ['todo.created'] },
      { url: 'not a url', events: ['todo.created'] },
    ]) {
      const res = await alice.post('/api/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('webhook deliveries', () => {
  it('are signed so that the receiver’s standardwebhooks check accepts them', async () => {
    const hook = await addWebhook(alice, `${receiver.url}/todos`, ['todo.created']);
    const todo = await alice.post('/api/todos', { title: 'Send the minutes' });
    expect(todo.status).toBe(201);
    const [request] = await receiver.waitFor(1);
    expect(request!.path).toBe('/todos');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Number(request!.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(hook.secret, request!)).toMatchObject({
      type: 'todo.created',
      timestamp: expect.any(String),
      data: { id: todo.body.id, title: 'Send the minutes', completed: false, meetingId: null },
    });
    // Another secret, or a changed body, fails the same check.
    const other = await addWebhook(alice, `${receiver.url}/other`, ['meeting.deleted']);
    expect(() => verify(other.secret, request!)).toThrow();
    expect(() =>
      verify(hook.secret, { ...request!, body: request!.body.replace('the', 'a') }),
    ).toThrow();

    const delivered = await untilDelivery(alice, hook.id, (d) => d.status === 'delivered');
    expect(delivered).toMatchObject({
      event: 'todo.created',
      messageId: request!.headers['webhook-id'],
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
    expect(delivered.deliveredAt).not.toBeNull();
    await alice.delete(`/api/webhooks/${hook.id}`);
    await alice.delete(`/api/webhooks/${other.id}`);
  });

  it('are retried after a 500 with the same webhook-id, then delivered', async () => {
    const hook = await addWebhook(alice, `${receiver.url}/flaky`, ['todo.created']);
    receiver.answers.push(500);
    expect((await alice.post(`/api/webhooks/${hook.id}/test`)).status).toBe(202);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(verify(hook.secret, second!)).toMatchObject({ type: 'webhook.test' });
    const delivered = await untilDelivery(alice, hook.id, (d) => d.status === 'delivered');
    expect(delivered).toMatchObject({
      event: 'webhook.test',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
    });
    await alice.delete(`/api/webhooks/${hook.id}`);
  });

  it('read an endless answer only up to the cap, while the server answers others', async () => {
    const endless = await startEndlessAnswer();
    try {
      const hook = await addWebhook(alice, `${endless.url}/endless`, ['todo.created']);
      expect((await alice.post(`/api/webhooks/${hook.id}/test`)).status).toBe(202);
      // The delivery is under way (the receiver holds after its first bytes): health answers.
      await endless.held;
      expect((await fetch(`${open.url}/api/health`)).status).toBe(200);
      endless.release();
      const delivered = await untilDelivery(alice, hook.id, (d) => d.status === 'delivered');
      expect(delivered).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
      // Summy closed the connection: the receiver could not send more than the cap and what the
      // sockets buffer.
      await endless.closedByClient;
      expect(endless.sent).toBeLessThan(32 * 1024 * 1024);
      await alice.delete(`/api/webhooks/${hook.id}`);
    } finally {
      await endless.close();
    }
  });

  it('are marked failed once out of tries, with the last answer recorded', async () => {
    await open.jobs.boss.updateQueue(webhookDeliverQueue.name, { retryLimit: 1 });
    try {
      const hook = await addWebhook(alice, `${receiver.url}/down`, ['todo.created']);
      receiver.answers.push(503, 500);
      await alice.post(`/api/webhooks/${hook.id}/test`);
      const failed = await untilDelivery(alice, hook.id, (d) => d.status === 'failed');
      expect(failed).toMatchObject({
        attempts: 2,
        lastStatusCode: 500,
        lastError: 'HTTP 500: nope',
      });
      expect(receiver.received).toHaveLength(2);
      await alice.delete(`/api/webhooks/${hook.id}`);
    } finally {
      await open.jobs.boss.updateQueue(webhookDeliverQueue.name, {
        retryLimit: webhookDeliverQueue.options.retryLimit,
      });
    }
  });
});

describe('private addresses, without WEBHOOKS_ALLOW_PRIVATE_HOSTS', () => {
  it('are refused when an endpoint is added', async () => {
    const refusals = {
      [`${receiver.url}/hook`]: 'must be https',
      'https://127.0.0.1/hook': 'must have a public address',
      'https://[::1]/hook': 'must have a public address',
      'https://10.0.0.1/hook': 'must have a public address',
      'https://169.254.169.254/latest': 'must have a public address',
      'https://localhost/hook': 'must have a public address',
      // IPv6 forms carrying a loopback or metadata address, and documentation ranges.
      'https://[::7f00:1]/hook': 'must have a public address',
      'https://[::127.0.0.1]/hook': 'must have a public address',
      'https://[::ffff:7f00:1]/hook': 'must have a public address',
      'https://[64:ff9b::7f00:1]/hook': 'must have a public address',
      'https://[64:ff9b::a9fe:a9fe]/hook': 'must have a public address',
      'https://[2002:7f00:1::1]/hook': 'must have a public address',
      'https://[2001:0:4136:e378::80ff:fffe]/hook': 'must have a public address',
      'https://192.0.2.1/hook': 'must have a public address',
      'https://198.51.100.1/hook': 'must have a public address',
      'https://203.0.113.1/hook': 'must have a public address',
    };
    for (const [url, message] of Object.entries(refusals)) {
      const res = await carol.post('/api/webhooks', { url, events: ['todo.created'] });
      expect(res.status, url).toBe(400);
      expect(res.body.details, url).toContain(message);
    }
    expect((await carol.get('/api/webhooks')).body).toEqual({ webhooks: [] });
  });

  it('are never sent to, when the address was allowed before', async () => {
    // An endpoint stored while the setting was on (or whose name now resolves to a private
    // address): the delivery checks again and refuses without connecting.
    const encrypted = await (
      await tokenCrypto(strict.auth)
    ).encrypt('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    const [row] = await strict.database.db
      .insert(webhooks)
      .values({
        userId: carol.userId,
        url: `${receiver.url.replace('http:', 'https:')}/lan`,
        events: ['todo.created'],
        secret: encrypted,
      })
      .returning();
    expect((await carol.post('/api/todos', { title: 'Private' })).status).toBe(201);
    const failed = await untilDelivery(carol, row!.id, (d) => d.status === 'failed');
    expect(failed).toMatchObject({
      event: 'todo.created',
      attempts: 1,
      lastStatusCode: null,
      lastError: expect.stringContaining('must have a public address'),
    });
    // A moment more for a try that should not come.
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received).toEqual([]);
  });
});
