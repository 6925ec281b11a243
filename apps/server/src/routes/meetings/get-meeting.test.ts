import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { meetingSchema } from '@summy/core';
import { todos } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';
import { toActionItem } from '../../services/meetings/to-meeting.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(() => server?.close());

describe('GET /api/meetings/:id action items', () => {
  it("answers exactly the meeting's own to-dos, oldest first, each as the to-do row maps", async () => {
    const m = (await alice.post('/api/meetings', { title: 'Planning' })).body;
    const other = (await alice.post('/api/meetings', { title: 'Other' })).body;
    const first = (
      await alice.post('/api/todos', {
        title: 'Send the notes',
        description: 'To everyone who came',
        meetingId: m.id,
        priority: true,
        dueDate: '2026-12-24T09:30:00.000Z',
      })
    ).body;
    await alice.post('/api/todos', { title: 'Elsewhere', meetingId: other.id });
    await alice.post('/api/todos', { title: 'Loose' });
    const second = (await alice.post('/api/todos', { title: 'Book the room', meetingId: m.id }))
      .body;
    expect((await alice.patch(`/api/todos/${second.id}`, { completed: true })).status).toBe(200);
    // Written straight into the database with microsecond stamps, as SQL's now() writes them.
    await server.database.query(
      `update todos set created_at = created_at + interval '1 second' + interval '123 microseconds',
         assigned_to = 'Alice', linear_issue_id = 'LIN-1', linear_issue_url = 'https://linear.app/x/issue/LIN-1'
       where id = $1`,
      [second.id],
    );
    // Another user's row pointing at the meeting is never answered.
    const bobTodo = (await bob.post('/api/todos', { title: 'Not yours' })).body;
    await server.database.query('update todos set meeting_id = $1 where id = $2', [
      m.id,
      bobTodo.id,
    ]);

    const res = await alice.get(`/api/meetings/${m.id}`);
    expect(res.status).toBe(200);
    const meeting = meetingSchema.parse(res.body);
    const rows = await server.database.db
      .select()
      .from(todos)
      .where(and(eq(todos.meetingId, m.id), eq(todos.userId, alice.userId)))
      .orderBy(asc(todos.createdAt));
    expect(meeting.actionItems.map((i) => i.id)).toEqual([first.id, second.id]);
    expect(res.body.actionItems).toEqual(rows.map(toActionItem));
    expect(res.body.actionItems[1]).toMatchObject({
      completed: true,
      assignedTo: 'Alice',
      linearIssueId: 'LIN-1',
    });
    expect(Date.parse(res.body.actionItems[1].completedAt)).not.toBeNaN();
  });

  it('answers an empty list for a meeting without to-dos, and 404 to another user', async () => {
    const m = (await alice.post('/api/meetings', { title: 'Quiet' })).body;
    expect((await alice.get(`/api/meetings/${m.id}`)).body.actionItems).toEqual([]);
    expect((await bob.get(`/api/meetings/${m.id}`)).status).toBe(404);
  });
});
