/**
 * Which actions send which webhook events: a processed upload `meeting.processed`, a deleted
 * meeting `meeting.deleted`, a new to-do `todo.created`, completing an open to-do
 * `todo.completed` (once), each to the enabled endpoints subscribed to it and to no other; the
 * delivery log keeps the newest 50 per endpoint. Scripted providers stand for the speech and text
 * engines; the receiver is a real HTTP server on loopback.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  createdWebhookSchema,
  WEBHOOK_DELIVERIES_KEPT,
  type CreatedWebhook,
  type WebhookPayload,
} from '@summy/core';
import { webhookDeliveries } from '@summy/db';
import { scriptedTools } from '../../../test/scripted-tools.ts';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, TEST_ORIGIN, type Client } from '../../../test/harness.ts';
import { JFK_WAV, uploadProcessed } from '../../../test/recordings.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let receiver: WebhookReceiver;
let meetingsHook: CreatedWebhook;
let todosHook: CreatedWebhook;

beforeAll(async () => {
  [server, receiver] = await Promise.all([
    startTestServer(
      { WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true' },
      { tools: async () => scriptedTools() },
    ),
    startWebhookReceiver(),
  ]);
  [alice, bob] = await Promise.all([signUp(server, 'Alice'), signUp(server, 'Bob')]);
  const add = async (client: Client, path: string, events: string[]) => {
    const res = await client.post('/api/webhooks', { url: `${receiver.url}${path}`, events });
    return createdWebhookSchema.parse(res.body);
  };
  meetingsHook = await add(alice, '/meetings', ['meeting.processed', 'meeting.deleted']);
  todosHook = await add(alice, '/todos', ['todo.created', 'todo.completed']);
  // Switched off: never sent to.
  const off = await add(alice, '/off', ['todo.created', 'meeting.deleted']);
  await alice.patch(`/api/webhooks/${off.id}`, { enabled: false });
  // Bob's endpoint hears nothing of Alice's actions.
  await add(bob, '/bob', ['todo.created', 'meeting.processed', 'meeting.deleted']);
});
afterAll(async () => {
  await Promise.all([server?.close(), receiver?.close()]);
});
afterEach(() => {
  receiver.received.length = 0;
});

/** The verified payloads received at `path` so far, in order. */
function received(path: string, secret: string): WebhookPayload[] {
  return receiver.received
    .filter((r) => r.path === path)
    .map(
      (r) =>
        new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as WebhookPayload,
    );
}

/** Waits until `n` requests have reached `path`. */
async function arrived(path: string, n: number): Promise<void> {
  const end = Date.now() + 30_000;
  while (receiver.received.filter((r) => r.path === path).length < n) {
    if (Date.now() > end) throw new Error(`nothing reached ${path}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the receiver is quiet: every queued delivery of the server has been worked. */
async function settled(): Promise<void> {
  const end = Date.now() + 30_000;
  for (;;) {
    const pending = await server.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'pending'));
    if (pending.length === 0) return;
    if (Date.now() > end) throw new Error(`${pending.length} deliveries still pending`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhook events', () => {
  it('todo.created for a new to-do, todo.completed once when it is completed', async () => {
    const todo = await alice.post('/api/todos', { title: 'Book the room' });
    await alice.patch(`/api/todos/${todo.body.id}`, { completed: true });
    // Completing a completed to-do again, or editing it, is no new event.
    await alice.patch(`/api/todos/${todo.body.id}`, { completed: true });
    await alice.patch(`/api/todos/${todo.body.id}`, { title: 'Book the big room' });
    await settled();
    const events = received('/todos', todosHook.secret);
    expect(events.map((e) => e.type)).toEqual(['todo.created', 'todo.completed']);
    expect(events[0]!.data).toMatchObject({
      id: todo.body.id,
      title: 'Book the room',
      completed: false,
    });
    expect(events[1]!.data).toMatchObject({ id: todo.body.id, completed: true });
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/todos', '/todos']);
  });

  it('meeting.processed when an upload is processed, meeting.deleted when it is deleted', async () => {
    const meeting = await uploadProcessed(alice, await readFile(JFK_WAV));
    // The job sends the event once the pipeline has returned, just after the meeting shows done.
    await arrived('/meetings', 1);
    await settled();
    // The pipeline's action items are to-dos of the meeting, not to-dos the user created.
    expect(received('/todos', todosHook.secret)).toEqual([]);
    const [processed] = received('/meetings', meetingsHook.secret);
    expect(processed).toEqual({
      type: 'meeting.processed',
      timestamp: expect.any(String),
      data: {
        id: meeting.id,
        title: 'Budget report and slides',
        url: `${TEST_ORIGIN}/meeting/${meeting.id}`,
        date: expect.any(String),
        durationMinutes: 2,
        outcome: 'saved',
      },
    });
    // No transcript or summary travels in a webhook.
    expect(JSON.stringify(processed)).not.toContain('budget report by friday');

    expect((await alice.delete(`/api/meetings/${meeting.id}`)).status).toBe(204);
    await arrived('/meetings', 2);
    await settled();
    const [, deleted] = received('/meetings', meetingsHook.secret);
    expect(deleted).toMatchObject({
      type: 'meeting.deleted',
      data: { id: meeting.id, title: 'Budget report and slides' },
    });
    expect(receiver.received.map((r) => r.path)).not.toContain('/off');
    expect(receiver.received.map((r) => r.path)).not.toContain('/bob');
  });

  it('keep the newest deliveries of an endpoint in its log', async () => {
    const { db } = server.database;
    const hook = createdWebhookSchema.parse(
      (await bob.post('/api/webhooks', { url: `${receiver.url}/log`, events: ['todo.created'] }))
        .body,
    );
    const old = new Date(Date.now() - 60 * 60_000);
    await db.insert(webhookDeliveries).values(
      Array.from({ length: WEBHOOK_DELIVERIES_KEPT + 5 }, (_, i) => ({
        webhookId: hook.id,
        event: 'todo.created',
        messageId: `msg_old${i}`,
        payload: {},
        status: 'delivered' as const,
        createdAt: new Date(old.getTime() + i * 1000),
      })),
    );
    await bob.post('/api/todos', { title: 'One more' });
    await settled();
    const log = (await bob.get(`/api/webhooks/${hook.id}/deliveries`)).body.deliveries as {
      messageId: string;
    }[];
    expect(log).toHaveLength(WEBHOOK_DELIVERIES_KEPT);
    expect(log[0]!.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(log.map((d) => d.messageId)).not.toContain('msg_old0');
    expect(log.at(-1)!.messageId).toBe('msg_old6');
  });
});
