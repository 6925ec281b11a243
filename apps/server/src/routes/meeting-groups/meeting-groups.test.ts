import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

describe('/api/meeting-groups', () => {
  it('creates, lists and adds members; a duplicate membership is ignored', async () => {
    const m = (await alice.post('/api/meetings', { title: 'Weekly' })).body;
    const g = await alice.post('/api/meeting-groups', {
      name: 'acme.com',
      type: 'domain',
      domain: 'acme.com',
    });
    expect(g.status).toBe(201);
    expect(
      (await alice.post(`/api/meeting-groups/${g.body.id}/members`, { meetingId: m.id })).body,
    ).toEqual({ added: true });
    const dup = await alice.post(`/api/meeting-groups/${g.body.id}/members`, { meetingId: m.id });
    expect(dup.status).toBe(200);
    expect(dup.body).toEqual({ added: false });
    const list = (await alice.get('/api/meeting-groups')).body;
    expect(list).toEqual([
      {
        id: g.body.id,
        name: 'acme.com',
        type: 'domain',
        domain: 'acme.com',
        recurringEventId: null,
        meetingIds: [m.id],
      },
    ]);
    const rows = await server.database.query(
      'select * from meeting_group_members where group_id = $1',
      [g.body.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('validates the group type', async () => {
    expect((await alice.post('/api/meeting-groups', { name: 'x', type: 'team' })).status).toBe(400);
  });
});
