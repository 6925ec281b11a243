/**
 * Isolation for Linear (the isolation suite extended): user B never sees or uses user A's Linear
 * token, never touches A's linked to-dos, and the relay refuses any document that is not one of
 * Summy's operations before anything reaches Linear. Against the Linear fake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLinear, type FakeLinear } from '@summy/fakes/linear';
import { signUp, startTestServer, type Client } from './harness.ts';
import { connectLinearAs, fakeLinearEnv } from './linear.ts';
import type { RunningServer } from '../src/server.ts';

let fake: FakeLinear;
let server: RunningServer;
let a: Client;
let b: Client;
let aTodo: { id: string; linearIssueId: string };

beforeAll(async () => {
  fake = await startFakeLinear();
  server = await startTestServer(fakeLinearEnv(fake));
  a = await signUp(server, 'Alice');
  b = await signUp(server, 'Bob');
  expect((await connectLinearAs(a, 'usr_ada')).status).toBe(200);
  const todo = (await a.post('/api/todos', { title: 'A secret plan' })).body;
  aTodo = (await a.post(`/api/todos/${todo.id}/linear`, { teamId: 'team_eng' })).body;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('Linear isolation between two users', () => {
  it("B is not connected by A's token and Linear never sees B act as A", async () => {
    const from = fake.requests.length;
    expect((await b.get('/api/linear/status')).body).toEqual({
      connected: false,
      configured: true,
    });
    for (const operation of ['viewer', 'assignedIssues', 'teams']) {
      const res = await b.post('/api/linear/graphql', { operation });
      expect([res.status, res.body.error]).toEqual([409, 'No access token available']);
    }
    const sync = await b.post('/api/linear/sync', {});
    expect(sync.status).toBe(409);
    expect(fake.requests.length).toBe(from);
  });

  it("B cannot send, see or sync A's to-do, even connected to Linear", async () => {
    expect((await connectLinearAs(b, 'usr_grace')).status).toBe(200);
    const send = await b.post(`/api/todos/${aTodo.id}/linear`, { teamId: 'team_eng' });
    expect(send.status).toBe(404);
    const viewer = await b.post('/api/linear/graphql', { operation: 'viewer' });
    expect(viewer.body.data.viewer.id).toBe('usr_grace');
    // A's issue completed in Linear: B's sync must not complete A's to-do.
    fake.setIssueState(aTodo.linearIssueId, 'completed');
    const sync = await b.post('/api/linear/sync', {});
    expect([sync.status, sync.body.todosCompleted]).toEqual([200, 0]);
    const aList = (await a.get('/api/todos')).body as { id: string; completed: boolean }[];
    expect(aList.find((t) => t.id === aTodo.id)!.completed).toBe(false);
    const bList = (await b.get('/api/todos')).body as { id: string }[];
    expect(bList.map((t) => t.id)).not.toContain(aTodo.id);
  });

  it('B disconnecting leaves A connected; no answer carries a token', async () => {
    expect((await b.delete('/api/linear')).status).toBe(200);
    const status = await a.get('/api/linear/status');
    expect(status.body).toMatchObject({ connected: true, viewer: { id: 'usr_ada' } });
    const rows = await server.database.query<{ user_id: string; provider: string }>(
      'select user_id, provider from user_oauth_tokens order by user_id',
    );
    expect(rows).toEqual([{ user_id: a.userId, provider: 'linear' }]);
    for (const res of [
      status,
      await a.get('/api/linear/authorize-url'),
      await a.get('/api/todos'),
      await a.post('/api/linear/graphql', { operation: 'viewer' }),
    ]) {
      expect(JSON.stringify(res.body)).not.toMatch(/lin_oauth_|lin_refresh_/);
    }
  });

  it('the relay refuses documents that are not Summy operations, before Linear sees them', async () => {
    const from = fake.requests.length;
    for (const body of [
      { query: 'query { viewer { id } }' },
      { operation: 'viewer', query: 'query { users { nodes { email } } }' },
      { operation: 'users' },
      { operation: 'issueDelete', variables: { id: aTodo.linearIssueId } },
      { operation: 'workflowStates', variables: { teamId: 'team_eng', query: '{ x }' } },
    ]) {
      const res = await a.post('/api/linear/graphql', body);
      expect([res.status, res.body.error]).toEqual([400, 'Invalid request']);
    }
    expect(fake.requests.length).toBe(from);
  });
});
