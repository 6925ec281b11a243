/**
 * Checkbox lines of My notes become the meeting's to-dos: owners named among the meeting's people,
 * ticked lines completed, nothing added twice; when a recording is processed and when its summary
 * is regenerated.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { NoteBlock } from '@summy/core';
import { meetings } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitProcessed } from '../../../test/meetings.ts';
import { ffmpeg, JFK_WAV } from '../../../test/recordings.ts';
import { scriptedTools } from '../../../test/scripted-tools.ts';
import type { RunningServer } from '../../server.ts';
import { syncNoteTasks } from './sync-note-tasks.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  const tools = scriptedTools();
  server = await startTestServer({}, { tools: async () => tools, summaryModel: () => tools.text });
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(() => server?.close());

const notes = (markdown: string, phase: NoteBlock['phase'] = 'during'): NoteBlock[] => [
  { id: 'b1', phase, t: phase === 'during' ? 1000 : null, markdown },
];

interface TodoAnswer {
  title: string;
  assignedTo: string | null;
  completed: boolean;
  completedAt: string | null;
  priority: boolean;
}
async function todosOf(client: Client, meetingId: string): Promise<TodoAnswer[]> {
  const list = (await client.get(`/api/todos?meetingId=${meetingId}`)).body as TodoAnswer[];
  return list.sort((a, b) => a.title.localeCompare(b.title));
}

describe('syncNoteTasks', () => {
  it("adds the notes' checkbox lines as to-dos, owners from the meeting's people, once", async () => {
    const { id } = (
      await alice.post('/api/meetings', {
        title: 'Planning',
        transcript: 'Speaker 1: Hello.\n\nSpeaker 2: Hi.',
        participants: ['Speaker 1', 'Speaker 2', 'Dora'],
      })
    ).body;
    await alice.put(`/api/meetings/${id}/speakers`, { names: { 'Speaker 1': 'Ann' } });
    await server.database.db
      .update(meetings)
      .set({ calendarEventAttendees: [{ email: 'carl@example.com', name: 'Carl Jones' }] })
      .where(eq(meetings.id, id));
    await alice.post('/api/todos', { title: 'Book the room', meetingId: id });
    await alice.put(`/api/meetings/${id}/notes`, {
      blocks: notes(
        [
          '# Budget',
          '- [ ] @Ann send the **figures**',
          '- [x] Carl Jones: check the invoice',
          '- [ ] Dora to call the bank',
          '-  [ ]  book the ROOM  ',
          '- [ ] @ANN SEND THE FIGURES',
          '- an ordinary line',
        ].join('\n'),
      ),
    });

    expect(await syncNoteTasks(server.database.db, alice.userId, id)).toBe(3);
    const todos = await todosOf(alice, id);
    expect(todos).toEqual([
      expect.objectContaining({
        title: '@Ann send the figures',
        assignedTo: 'Ann',
        completed: false,
        completedAt: null,
        priority: false,
      }),
      expect.objectContaining({ title: 'Book the room', completed: false }),
      expect.objectContaining({
        title: 'Carl Jones: check the invoice',
        assignedTo: 'Carl Jones',
        completed: true,
        priority: false,
      }),
      expect.objectContaining({ title: 'Dora to call the bank', assignedTo: 'Dora' }),
    ]);
    expect(Date.parse(todos[2]!.completedAt!)).not.toBeNaN();

    // A second run, and one by another user, add nothing.
    expect(await syncNoteTasks(server.database.db, alice.userId, id)).toBe(0);
    expect(await syncNoteTasks(server.database.db, bob.userId, id)).toBe(0);
    expect(await todosOf(alice, id)).toHaveLength(4);
  });

  it('adds nothing for a meeting without notes, or a deleted one', async () => {
    const { id } = (await alice.post('/api/meetings', { title: 'Quiet' })).body;
    expect(await syncNoteTasks(server.database.db, alice.userId, id)).toBe(0);
    await alice.put(`/api/meetings/${id}/notes`, { blocks: notes('- [ ] Something') });
    await alice.delete(`/api/meetings/${id}`);
    expect(await syncNoteTasks(server.database.db, alice.userId, id)).toBe(0);
  });
});

describe('checkbox lines in the pipeline and in regeneration', () => {
  it('a processed recording adds them beside the action items, without doubling one', async () => {
    const { id } = (
      await alice.post('/api/meetings', { title: 'Sat 21 Nov 10:00', isRecording: true })
    ).body;
    // The scripted action items are 'Ship the budget report' and 'Send the slides'.
    await alice.put(`/api/meetings/${id}/notes`, {
      blocks: notes('- [ ] send the slides\n- [x] Book the train'),
    });
    const webm = path.join(os.tmpdir(), `summy-note-tasks-${process.pid}.webm`);
    await ffmpeg(['-y', '-i', JFK_WAV, '-c:a', 'libopus', '-b:a', '32k', webm]);
    const audio = await fetch(`${server.url}/api/meetings/${id}/audio?index=0`, {
      method: 'POST',
      headers: { cookie: alice.cookie, origin: alice.origin, 'content-type': 'audio/webm' },
      body: await readFile(webm),
    });
    expect(audio.status).toBe(200);
    expect((await alice.post(`/api/meetings/${id}/stop`, { durationMs: 11000 })).status).toBe(200);
    await waitProcessed(alice, id);
    const todos = await todosOf(alice, id);
    expect(todos.map((t) => [t.title, t.completed])).toEqual([
      ['Book the train', true],
      ['Send the slides', false],
      ['Ship the budget report', false],
    ]);
  }, 60_000);

  it('a regenerated summary adds the lines written since', async () => {
    const { id } = (
      await alice.post('/api/meetings', {
        title: 'Review',
        transcript: 'Speaker 1: We ship on Friday.\n\nSpeaker 2: I will write the notes.',
      })
    ).body;
    await alice.put(`/api/meetings/${id}/notes`, {
      blocks: notes('- [ ] Write the notes', 'after'),
    });
    expect((await alice.post(`/api/meetings/${id}/summary`, {})).status).toBe(202);
    const deadline = Date.now() + 30_000;
    while ((await alice.get(`/api/meetings/${id}`)).body.summaryRegenerating) {
      if (Date.now() > deadline) throw new Error('the summary was not regenerated');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await todosOf(alice, id)).map((t) => t.title)).toEqual(['Write the notes']);
  }, 60_000);
});
