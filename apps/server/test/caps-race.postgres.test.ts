/**
 * Per-user caps under a race: two web processes on one PostgreSQL, each with its own pool, take
 * concurrent creates for one user, half through each process. Exactly the cap is created (20 API
 * keys, 10 webhooks) and every other request is answered the cap's 400, however the requests
 * interleave on the database's connections.
 */
import { API_KEYS_MAX, WEBHOOKS_MAX } from '@summy/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createPostgresDatabase, signUp, type Answer } from './harness.ts';
import { HEALTHY_TIMEOUT_MS, spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';

let web: [SummyProcess, SummyProcess];

beforeAll(
  async () => {
    const shared = {
      DATABASE_URL: await createPostgresDatabase(),
      AUTH_SECRET: 'caps-race-secret-caps-race-secret-caps-race',
      // The webhooks point at a loopback address; none is ever delivered to.
      WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true',
    };
    const first = await spawnSummy(shared);
    await waitHealthy(first);
    const second = await spawnSummy({ ...shared, PUBLIC_URL: first.origin });
    await waitHealthy(second);
    web = [first, second];
    // Two servers, one after the other, each with its full health wait.
  },
  2 * HEALTHY_TIMEOUT_MS + 60_000,
);
afterAll(async () => {
  await Promise.all((web ?? []).map((p) => p?.stop()));
});

/** One client per process, both holding the same user's session. */
async function userOnBoth(name: string): Promise<[Client, Client]> {
  const one = await signUp(web[0], name);
  const two = new Client(web[1].url, one.email, web[0].origin);
  two.cookie = one.cookie;
  // Warm both processes' session check and pool, so the creates meet at the database.
  for (const c of [one, two]) expect((await c.get('/api/webhooks')).status).toBe(200);
  return [one, two];
}

/** Fires `n` creates at once, alternating between the processes; returns the answers. */
function race(clients: [Client, Client], n: number, route: string, body: (i: number) => unknown) {
  return Promise.all(Array.from({ length: n }, (_, i) => clients[i % 2]!.post(route, body(i))));
}

/** Exactly `max` answers are 201; every other one is the cap's 400 naming `what`. */
function expectCapped(answers: Answer[], max: number, what: string) {
  expect(answers.filter((a) => a.status === 201)).toHaveLength(max);
  const refused = answers.filter((a) => a.status !== 201);
  expect(refused).toHaveLength(answers.length - max);
  for (const a of refused) {
    expect(a.status).toBe(400);
    expect(JSON.stringify(a.body)).toContain(`at most ${max} ${what}`);
  }
}

describe('per-user caps, two web processes on one PostgreSQL', () => {
  it(`40 concurrent API key creates leave exactly ${API_KEYS_MAX}`, async () => {
    const alice = await userOnBoth('Alice');
    const answers = await race(alice, 40, '/api/api-keys', (i) => ({
      name: `key ${i}`,
      scope: 'read',
    }));
    expectCapped(answers, API_KEYS_MAX, 'API keys');
    const listed = await alice[1].get('/api/api-keys');
    expect(listed.body.keys).toHaveLength(API_KEYS_MAX);
  });

  it(`30 concurrent webhook creates leave exactly ${WEBHOOKS_MAX}`, async () => {
    const bob = await userOnBoth('Bob');
    const answers = await race(bob, 30, '/api/webhooks', (i) => ({
      url: `http://127.0.0.1:9/hook-${i}`,
      events: ['meeting.processed'],
    }));
    expectCapped(answers, WEBHOOKS_MAX, 'webhooks');
    const listed = await bob[0].get('/api/webhooks');
    expect(listed.body.webhooks).toHaveLength(WEBHOOKS_MAX);
  });
});
