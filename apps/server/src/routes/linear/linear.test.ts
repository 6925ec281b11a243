/**
 * `/api/linear/*` and `POST /api/todos/:id/linear` against the loopback Linear fake: connecting with a checked state, tokens encrypted on the server and refreshed with
 * rotation, the named-operation relay with its 1 s per-user spacing and rate-limit answers, sending
 * a to-do, and completion synced both ways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLinear, type FakeLinear } from '@summy/fakes/linear';
import { linearIssueSchema, linearSyncAnswerSchema, todoSchema } from '@summy/core';
import { Client, signUp, startTestServer, TEST_ORIGIN } from '../../../test/harness.ts';
import { connectLinearAs, consentAtFake, fakeLinearEnv } from '../../../test/linear.ts';
import type { RunningServer } from '../../server.ts';

let fake: FakeLinear;
let server: RunningServer;

beforeAll(async () => {
  fake = await startFakeLinear();
  server = await startTestServer(fakeLinearEnv(fake));
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function tokenRow(userId: string) {
  const rows = await server.database.query<{
    access_token: string;
    refresh_token: string | null;
    token_expires_at: Date | null;
    scopes: string[];
  }>(
    `select access_token, refresh_token, token_expires_at, scopes from user_oauth_tokens
     where user_id = $1 and provider = 'linear'`,
    [userId],
  );
  return rows[0];
}

// Sign-ups are limited to 10 a minute per address: tests share a few users.
const users = new Map<string, Promise<Client>>();
function member(name: string): Promise<Client> {
  if (!users.has(name)) users.set(name, signUp(server, name));
  return users.get(name)!;
}

/** The named user, (re)connected to Linear as `linearUser`. */
async function connected(name: string, linearUser = 'usr_ada'): Promise<Client> {
  const client = await member(name);
  const res = await connectLinearAs(client, linearUser);
  expect(res.status).toBe(200);
  return client;
}

/** The fake's GraphQL requests from index `from` on. */
const graphqlSince = (from: number) =>
  fake.requests.slice(from).filter((r) => r.path === '/graphql');

describe('without Linear settings', () => {
  it('answers configured:false, 404 on the other routes, and linearEnabled false', async () => {
    const bare = await startTestServer();
    try {
      const user = await signUp(bare, 'Bare');
      expect((await user.get('/api/linear/status')).body).toEqual({
        connected: false,
        configured: false,
      });
      for (const [method, route, body] of [
        ['GET', '/api/linear/authorize-url', undefined],
        ['POST', '/api/linear/token', { code: 'c', state: 's' }],
        ['POST', '/api/linear/graphql', { operation: 'viewer' }],
        ['POST', '/api/linear/sync', {}],
        ['DELETE', '/api/linear', undefined],
      ] as const) {
        const res = await user.request(method, route, body);
        expect([route, res.status, res.body.details]).toEqual([
          route,
          404,
          'Linear is not configured on this server',
        ]);
      }
      expect((await user.get('/api/config')).body).toMatchObject({ linearEnabled: false });
    } finally {
      await bare.close();
    }
  });
});

describe('the API document', () => {
  it('documents the Linear routes', async () => {
    const res = await new Client(server.url).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/linear/status',
        '/api/linear/authorize-url',
        '/api/linear/token',
        '/api/linear',
        '/api/linear/graphql',
        '/api/linear/sync',
        '/api/todos/{id}/linear',
      ]),
    );
  });
});

describe('connecting', () => {
  it('hands out the authorize URL with a random state in a signed HttpOnly cookie', async () => {
    const user = await member('Connect');
    expect((await user.get('/api/config')).body).toMatchObject({ linearEnabled: true });
    expect((await user.get('/api/linear/status')).body).toEqual({
      connected: false,
      configured: true,
    });
    const res = await user.get('/api/linear/authorize-url?returnTo=%2Ftodos');
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      redirect_uri: `${TEST_ORIGIN}/linear/callback`,
      response_type: 'code',
      scope: 'read,write,issues:create,timeSchedule:write',
      state: res.body.state,
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('summy_linear_oauth='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/linear/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).not.toContain(res.body.state);
    const again = await user.get('/api/linear/authorize-url');
    expect(again.body.state).not.toBe(res.body.state);
    expect((await user.get('/api/linear/authorize-url?returnTo=//evil.test')).status).toBe(400);
  });

  it('refuses a wrong state and a state issued to another user; stores nothing then', async () => {
    const a = await member('StateA');
    const b = await member('StateB');
    const start = await a.get('/api/linear/authorize-url');
    const { code, state } = await consentAtFake(start.body.url, 'usr_ada');
    const wrong = await a.post('/api/linear/token', { code, state: `${state}x` });
    expect([wrong.status, wrong.body.error]).toEqual([400, 'Invalid OAuth state']);
    // B presents A's state with A's cookie copied in: bound to A's user, so refused.
    const stolen = await b.request(
      'POST',
      '/api/linear/token',
      { code, state },
      {
        cookie: `${b.cookie}; ${a.cookie.split('; ').find((c) => c.startsWith('summy_linear_oauth='))}`,
      },
    );
    expect([stolen.status, stolen.body.error]).toEqual([400, 'Invalid OAuth state']);
    expect(await tokenRow(a.userId)).toBeUndefined();
    expect(await tokenRow(b.userId)).toBeUndefined();
  });

  it('exchanges the code, keeps the tokens encrypted on the server and answers none', async () => {
    const user = await member('StateA');
    const start = await user.get('/api/linear/authorize-url?returnTo=%2Fmeeting%2Fabc');
    const { code, state } = await consentAtFake(start.body.url, 'usr_ada');
    const res = await user.post('/api/linear/token', { code, state });
    expect([res.status, res.body]).toEqual([200, { connected: true, returnTo: '/meeting/abc' }]);
    expect(JSON.stringify(res.body)).not.toMatch(/lin_oauth|lin_refresh/);
    // The state cookie is spent: the same answer cannot be replayed.
    expect(user.cookie).not.toContain('summy_linear_oauth=');
    expect((await user.post('/api/linear/token', { code, state })).status).toBe(400);
    const row = (await tokenRow(user.userId))!;
    expect(row.access_token).not.toMatch(/lin_oauth_/);
    expect(row.refresh_token).not.toMatch(/lin_refresh_/);
    expect(row.scopes).toEqual(['read', 'write', 'issues:create', 'timeSchedule:write']);
    expect(row.token_expires_at!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const status = await user.get('/api/linear/status');
    expect(status.body).toEqual({
      connected: true,
      configured: true,
      viewer: { id: 'usr_ada', name: 'Ada Lovelace', email: 'ada@linear.test' },
    });
  });
});

describe('the relay', () => {
  it("runs Summy's operations and answers Linear's data, one request a second per user", async () => {
    const user = await connected('Relay');
    const from = fake.requests.length;
    const started = Date.now();
    const viewer = await user.post('/api/linear/graphql', { operation: 'viewer' });
    expect(viewer.body).toEqual({
      data: { viewer: { id: 'usr_ada', name: 'Ada Lovelace', email: 'ada@linear.test' } },
    });
    const teams = await user.post('/api/linear/graphql', { operation: 'teams' });
    expect(teams.body.data.teams.nodes.map((t: { key: string }) => t.key).sort()).toEqual([
      'DES',
      'ENG',
    ]);
    const states = await user.post('/api/linear/graphql', {
      operation: 'workflowStates',
      variables: { teamId: 'team_eng' },
    });
    expect(states.body.data.workflowStates.nodes).toContainEqual({
      id: 'state_eng_completed',
      name: 'Done',
      type: 'completed',
    });
    const assigned = await user.post('/api/linear/graphql', { operation: 'assignedIssues' });
    const nodes = assigned.body.data.viewer.assignedIssues.nodes;
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) linearIssueSchema.parse(node);
    const created = await user.post('/api/linear/graphql', {
      operation: 'issueCreate',
      variables: { title: 'Relay-made issue', teamId: 'team_des', description: 'Body' },
    });
    expect(created.body.data.issueCreate).toMatchObject({
      success: true,
      issue: { title: 'Relay-made issue', assignee: { id: 'usr_ada' }, team: { key: 'DES' } },
    });
    const id = created.body.data.issueCreate.issue.id;
    const updated = await user.post('/api/linear/graphql', {
      operation: 'issueUpdate',
      variables: { id, input: { title: 'Renamed', dueDate: '2031-02-03' } },
    });
    expect(updated.body.data.issueUpdate).toMatchObject({
      success: true,
      issue: { title: 'Renamed', dueDate: '2031-02-03' },
    });
    // The server spaced its Linear requests for this user by a second: n requests took at least
    // n - 1 seconds (a bound the server guarantees), and no two arrived close together. Arrival
    // times carry the loopback's delay, which a loaded machine stretched by a third of a second
    // (a gap of 666 ms); unspaced requests arrive a round trip apart, milliseconds.
    const times = graphqlSince(from).map((r) => r.at);
    expect(times.length).toBeGreaterThanOrEqual(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual((times.length - 1) * 1000);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(500);
  });

  it('passes Linear errors through and refuses anything but the named operations', async () => {
    const user = await connected('Relay');
    const missing = await user.post('/api/linear/graphql', {
      operation: 'issueUpdate',
      variables: { id: 'iss_missing', input: { title: 'x' } },
    });
    expect(missing.status).toBe(200);
    expect(missing.body.errors[0].message).toBe('Entity not found: Issue');
    const from = fake.requests.length;
    for (const body of [
      { query: '{ viewer { id } }' },
      { operation: 'viewer', query: 'mutation { issueDelete(id: "x") { success } }' },
      { operation: 'issueDelete', variables: { id: 'iss_eng_1' } },
      { operation: 'issueCreate', variables: { title: 'x', teamId: 't', assigneeId: 'usr_grace' } },
      { operation: 'issueUpdate', variables: { id: 'x', input: {} } },
    ]) {
      const res = await user.post('/api/linear/graphql', body);
      expect([res.status, res.body.error]).toEqual([400, 'Invalid request']);
    }
    expect(fake.requests.length).toBe(from);
  });

  it("answers Linear's rate limits with the documented message and Retry-After", async () => {
    const user = await connected('Relay');
    fake.rateLimitNext(1, { status: 429, retryAfterSeconds: 12 });
    const a = await user.post('/api/linear/graphql', { operation: 'teams' });
    expect([a.status, a.body.error, a.headers.get('retry-after')]).toEqual([
      429,
      'Rate limit exceeded. Please try again in 12 seconds.',
      '12',
    ]);
    // HTTP 400 RATELIMITED whose reset has passed: the default 60 s.
    fake.rateLimitNext(1, { status: 400, resetInMs: 0 });
    const b = await user.post('/api/linear/graphql', { operation: 'teams' });
    expect([b.status, b.body.error]).toEqual([
      429,
      'Rate limit exceeded. Please try again in 60 seconds.',
    ]);
    // Ignored until the next attempt: the tokens stay, the next call works.
    expect((await user.post('/api/linear/graphql', { operation: 'teams' })).status).toBe(200);
  });
});

describe('tokens', () => {
  it('refreshes a refused access token once, rotating the refresh token', async () => {
    const user = await connected('Grace', 'usr_grace');
    const before = (await tokenRow(user.userId))!;
    fake.expireAccessTokens('usr_grace');
    const res = await user.post('/api/linear/graphql', { operation: 'viewer' });
    expect(res.body.data.viewer.id).toBe('usr_grace');
    const after = (await tokenRow(user.userId))!;
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.access_token).not.toBe(before.access_token);
    expect(
      fake
        .grants()
        .filter((g) => g.userId === 'usr_grace')
        .map((g) => g.rotations),
    ).toContain(1);
  });

  it('refreshes before use when the token expires within 10 minutes', async () => {
    const user = await connected('Relay');
    await server.database.query(
      `update user_oauth_tokens set token_expires_at = now() + interval '2 minutes'
       where user_id = $1 and provider = 'linear'`,
      [user.userId],
    );
    const from = fake.requests.length;
    expect((await user.post('/api/linear/graphql', { operation: 'viewer' })).status).toBe(200);
    const seen = fake.requests.slice(from).map((r) => [r.path, r.status]);
    expect(seen).toEqual([
      ['/oauth/token', 200],
      ['/graphql', 200],
    ]);
    expect((await tokenRow(user.userId))!.token_expires_at!.getTime()).toBeGreaterThan(
      Date.now() + 23 * 3_600_000,
    );
  });

  it('a refused refresh (invalid_grant) disconnects: No access token available', async () => {
    const user = await connected('Relay');
    fake.revokeGrants('usr_ada');
    const res = await user.post('/api/linear/graphql', { operation: 'teams' });
    expect([res.status, res.body.error]).toEqual([409, 'No access token available']);
    expect(await tokenRow(user.userId)).toBeUndefined();
    expect((await user.get('/api/linear/status')).body).toEqual({
      connected: false,
      configured: true,
    });
  });

  it('disconnecting revokes the grant at Linear and forgets the tokens', async () => {
    const user = await member('Grace');
    const live = () => fake.grants().filter((g) => g.userId === 'usr_grace' && !g.revoked).length;
    const before = live();
    const res = await user.delete('/api/linear');
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect(live()).toBe(before - 1);
    expect(await tokenRow(user.userId)).toBeUndefined();
    const relay = await user.post('/api/linear/graphql', { operation: 'viewer' });
    expect([relay.status, relay.body.error]).toEqual([409, 'No access token available']);
    // Disconnecting again is harmless.
    expect((await user.delete('/api/linear')).status).toBe(200);
  });
});

describe('send to Linear and sync', () => {
  it('creates an assigned issue linking back to the meeting and links the to-do once', async () => {
    const user = await connected('Relay');
    const meeting = (await user.post('/api/meetings', { title: 'Planning [Q3]' })).body;
    const todo = (
      await user.post('/api/todos', {
        title: 'Draft the roadmap',
        description: 'Two pages',
        meetingId: meeting.id,
        priority: true,
      })
    ).body;
    const res = await user.post(`/api/todos/${todo.id}/linear`, { teamId: 'team_eng' });
    expect(res.status).toBe(200);
    const linked = todoSchema.parse(res.body);
    expect(linked.linearIssueId).toMatch(/^iss_eng_\d+$/);
    expect(linked.linearIssueUrl).toMatch(new RegExp(`^${fake.url}/summy-fake/issue/ENG-\\d+$`));
    const issue = fake.issue(linked.linearIssueId!)!;
    expect(issue).toMatchObject({ title: 'Draft the roadmap', assigneeId: 'usr_ada', priority: 2 });
    expect(issue.description).toBe(
      `Two pages\n\nFrom the meeting [Planning Q3](${TEST_ORIGIN}/meeting/${meeting.id}) in Summy.`,
    );
    // The meeting's action items and the to-do list carry the link.
    const items = (await user.get(`/api/meetings/${meeting.id}`)).body.actionItems;
    expect(items.find((i: { id: string }) => i.id === todo.id).linearIssueUrl).toBe(
      linked.linearIssueUrl,
    );
    const again = await user.post(`/api/todos/${todo.id}/linear`, { teamId: 'team_eng' });
    expect([again.status, again.body.error]).toEqual([
      409,
      'This to-do is already linked to a Linear issue',
    ]);
    const badTeam = await user.post(
      `/api/todos/${(await user.post('/api/todos', { title: 'x' })).body.id}/linear`,
      {
        teamId: 'team_nope',
      },
    );
    expect([badTeam.status, badTeam.body.error]).toEqual([
      502,
      'Linear API error: 200 - Entity not found: Team',
    ]);
  });

  it('without Linear tokens answers No access token available', async () => {
    // StateB never finished connecting.
    const user = await member('StateB');
    const todo = (await user.post('/api/todos', { title: 'x' })).body;
    const res = await user.post(`/api/todos/${todo.id}/linear`, { teamId: 'team_eng' });
    expect([res.status, res.body.error]).toEqual([409, 'No access token available']);
    const sync = await user.post('/api/linear/sync', {});
    expect([sync.status, sync.body.error]).toEqual([409, 'No access token available']);
  });

  it('applies completion both ways, the later side winning', async () => {
    const user = await connected('Relay');
    const send = async (title: string, teamId: string) => {
      const todo = (await user.post('/api/todos', { title })).body;
      return todoSchema.parse((await user.post(`/api/todos/${todo.id}/linear`, { teamId })).body);
    };
    const doneInLinear = await send('Done in Linear', 'team_eng');
    const doneInSummy = await send('Done in Summy', 'team_des');
    const untouched = await send('Untouched', 'team_eng');
    fake.setIssueState(doneInLinear.linearIssueId!, 'completed');
    await user.patch(`/api/todos/${doneInSummy.id}`, { completed: true });

    const res = await user.post('/api/linear/sync', {});
    expect(res.status).toBe(200);
    const answer = linearSyncAnswerSchema.parse(res.body);
    expect([answer.todosCompleted, answer.issuesCompleted]).toEqual([1, 1]);
    expect(Math.abs(Date.parse(answer.syncedAt) - Date.now())).toBeLessThan(60_000);
    const todos = (await user.get('/api/todos')).body as { id: string; completed: boolean }[];
    const done = (id: string) => todos.find((t) => t.id === id)!.completed;
    expect([done(doneInLinear.id), done(doneInSummy.id), done(untouched.id)]).toEqual([
      true,
      true,
      false,
    ]);
    // Design's completion state is named 'Shipped' (no 'Done'): the first completed one.
    expect(fake.issue(doneInSummy.linearIssueId!)!.stateId).toBe('state_des_completed');
    const open = answer.issues.map((i) => i.id);
    expect(open).toContain(untouched.linearIssueId);
    expect(open).not.toContain(doneInLinear.linearIssueId);
    expect(open).not.toContain(doneInSummy.linearIssueId);

    // Reopened in Summy after Linear completed it: the next sync leaves it open.
    await user.patch(`/api/todos/${doneInLinear.id}`, { completed: false });
    const second = linearSyncAnswerSchema.parse((await user.post('/api/linear/sync', {})).body);
    expect([second.todosCompleted, second.issuesCompleted]).toEqual([0, 0]);
    const after = (await user.get('/api/todos')).body as { id: string; completed: boolean }[];
    expect(after.find((t) => t.id === doneInLinear.id)!.completed).toBe(false);
  });
});
