/**
 * The meeting assistant with no configuration (offline): real QMSum meeting transcripts, full-text
 * retrieval on this run's database (PGlite or PostgreSQL), citations that point at the right turns,
 * the streaming variant, the todo context, errors in the documented shape, index refresh after an
 * edit, and the optional bearer token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAnswerSchema, type ChatAnswer } from '@summy/core';
import { askStream } from '../../../test/chat-stream.ts';
import { Client, signUp, startTestServer } from '../../../test/harness.ts';
import { loadQmsumMeeting, type QmsumMeeting } from '../../../test/qmsum.ts';
import type { RunningServer } from '../../server.ts';
import { NO_MODEL_NOTE } from '../../services/assistant/offline-answer.ts';

let server: RunningServer;
let alice: Client;
let kickoff: QmsumMeeting;
let research: QmsumMeeting;
const ids = { kickoff: '', research: '' };

const inSpans = (q: QmsumMeeting['queries'][number], turn: number) =>
  q.spans.some(([a, b]) => turn >= a && turn <= b);

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  kickoff = loadQmsumMeeting('ami_ES2011a');
  research = loadQmsumMeeting('icsi_Bed016');
  ids.kickoff = (
    await alice.post('/api/meetings', {
      title: 'Remote control kick-off',
      transcript: kickoff.transcript,
      summary:
        '## Overview\n\nThe team met to kick off the remote control project.\n\n## Decisions\n\n- The remote will be priced at 25 Euros.\n- It should be water resistant.',
    })
  ).body.id;
  ids.research = (
    await alice.post('/api/meetings', { title: 'Research group', transcript: research.transcript })
  ).body.id;
});
afterAll(() => server?.close());

async function ask(body: unknown): Promise<ChatAnswer> {
  const res = await alice.post('/api/chat', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return chatAnswerSchema.parse(res.body);
}

describe('POST /api/chat offline', () => {
  it('quotes and cites the turns that answer a QMSum query, and says no language model is configured', async () => {
    const query = kickoff.queries.find((q) => /animal/.test(q.query))!;
    const answer = await ask({
      content: query.query,
      context: { type: 'meeting', meetingIds: [ids.kickoff] },
    });
    expect(answer.model).toBe('offline');
    expect(answer.content).toBe(answer.response);
    expect(answer.content).toContain(NO_MODEL_NOTE);
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const c of answer.citations) {
      expect(c.meetingId).toBe(ids.kickoff);
      expect(answer.content).toContain(`[${c.ref}]`);
      if (c.section === 'transcript') {
        // The citation is that turn, by the speaker the transcript names.
        const turn = kickoff.turns[c.turnIndex!]!;
        expect(c.speaker).toBe(turn.speaker);
        expect(turn.text.startsWith(c.text.replace(/…$/, ''))).toBe(true);
      }
    }
    const turns = answer.citations.filter((c) => c.section === 'transcript');
    expect(turns.some((c) => inSpans(query, c.turnIndex!))).toBe(true);
    expect(answer.citations[0]!.text.toLowerCase()).toMatch(/animal|dolphin|pig|horse|cat/);
  });

  it('searches all meetings when none are picked, and hears from each picked meeting', async () => {
    const all = await ask({ content: "What's the thesis about?", context: { type: 'meeting' } });
    expect(all.citations[0]!.meetingId).toBe(ids.research);
    expect(all.citations[0]!.meetingTitle).toBe('Research group');

    const both = await ask({
      content: 'What was said about the price and about the thesis?',
      context: { type: 'meeting', meetingIds: [ids.kickoff, ids.research] },
    });
    const cited = new Set(both.citations.map((c) => c.meetingId));
    expect(cited).toEqual(new Set([ids.kickoff, ids.research]));
  });

  it('falls back to the summary when the question names nothing searchable', async () => {
    const answer = await ask({
      content: 'What did they talk about?',
      context: { type: 'meeting', meetingIds: [ids.kickoff] },
    });
    expect(answer.citations.some((c) => c.section === 'summary')).toBe(true);
    expect(answer.content).toContain('25 Euros');
  });

  it('cites action items of the meeting', async () => {
    await alice.post('/api/todos', {
      title: 'Send the water resistance test plan',
      description: 'Industrial designer to check materials',
      meetingId: ids.kickoff,
    });
    const answer = await ask({
      content: 'Who checks water resistance materials?',
      context: { type: 'meeting', meetingIds: [ids.kickoff] },
    });
    const item = answer.citations.find((c) => c.section === 'actionItems');
    expect(item?.text).toContain('Send the water resistance test plan');
    expect(item?.meetingId).toBe(ids.kickoff);
  });

  it('answers about to-dos in the todo context', async () => {
    await alice.post('/api/todos', { title: 'Renew the passport before March' });
    const answer = await ask({ content: 'When is the passport due?', context: { type: 'todo' } });
    expect(answer.citations[0]).toMatchObject({ section: 'todos', meetingId: null });
    expect(answer.citations[0]!.text).toContain('Renew the passport');
  });

  it('re-reads a meeting after its transcript changes', async () => {
    const id = (
      await alice.post('/api/meetings', {
        title: 'Edited',
        transcript: 'Speaker 1: The zeppelin budget is approved.',
      })
    ).body.id;
    const first = await ask({
      content: 'zeppelin',
      context: { type: 'meeting', meetingIds: [id] },
    });
    expect(first.citations[0]!.text).toContain('zeppelin');
    await alice.patch(`/api/meetings/${id}`, {
      transcript: 'Speaker 1: The submarine budget is approved.\n\nSpeaker 2: Agreed.',
    });
    const old = await ask({ content: 'zeppelin', context: { type: 'meeting', meetingIds: [id] } });
    expect(old.citations.every((c) => !c.text.includes('zeppelin'))).toBe(true);
    const fresh = await ask({
      content: 'submarine',
      context: { type: 'meeting', meetingIds: [id] },
    });
    expect(fresh.citations[0]).toMatchObject({ section: 'transcript', turnIndex: 0 });
  });

  it('asked from the recorder, says the meeting has no transcript yet', async () => {
    const recording = (
      await alice.post('/api/meetings', { title: 'Sat, Nov 21, 2:05 PM', isRecording: true })
    ).body.id;
    const answer = await ask({
      content: 'What have we said so far?',
      context: { type: 'meeting', meetingIds: [recording] },
    });
    expect(answer.content).toContain(
      '“Sat, Nov 21, 2:05 PM” is still being recorded or processed, so there is no transcript to answer from yet.',
    );
    expect(answer.citations).toEqual([]);
  });

  it('with no meetings at all says so', async () => {
    const newcomer = await signUp(server, 'Newcomer');
    const res = await newcomer.post('/api/chat', { content: 'What was decided?' });
    expect(res.status).toBe(200);
    expect(res.body.content).toContain('There are no meetings to search yet.');
    expect(res.body.citations).toEqual([]);
  });
});

describe('POST /api/chat/stream offline', () => {
  it('streams citations, the text in pieces, then the whole answer', async () => {
    const body = {
      content: 'Why did Project Manager suggest having a clip on the remote control?',
      context: { type: 'meeting', meetingIds: [ids.kickoff] },
    };
    const res = await askStream(alice, body);
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('text/event-stream');
    const names = res.events.map((e) => e.event);
    expect(names[0]).toBe('citations');
    expect(names.at(-1)).toBe('done');
    const deltas = res.events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = chatAnswerSchema.parse(res.events.at(-1)!.data);
    expect(deltas.map((d) => d.data.text).join('')).toBe(done.content);
    expect(done).toEqual(await ask(body));
  });
});

describe('errors', () => {
  it("answers 404 for another user's meeting and 400 for an empty question, on both endpoints", async () => {
    const bob = await signUp(server, 'Bob');
    const foreign = { content: 'price', context: { type: 'meeting', meetingIds: [ids.kickoff] } };
    const json = await bob.post('/api/chat', foreign);
    expect(json.status).toBe(404);
    expect(json.body).toEqual({ error: 'Not found', details: 'Meeting not found' });
    const stream = await askStream(bob, foreign);
    expect(stream.status).toBe(404);
    expect(JSON.parse(stream.raw).details).toBe('Meeting not found');

    expect((await alice.post('/api/chat', { content: '   ' })).status).toBe(400);
    expect((await askStream(alice, { content: '' })).status).toBe(400);
    expect(
      (await alice.post('/api/chat', { content: 'x', context: { type: 'calendar' } })).status,
    ).toBe(400);
  });

  it('needs a session, or a bearer token instead of the cookie', async () => {
    const anonymous = new Client(server.url);
    const res = await anonymous.post('/api/chat', { content: 'price' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('User not authenticated');

    const signIn = await anonymous.post('/api/auth/sign-in/email', {
      email: alice.email,
      password: 'correct horse battery',
    });
    const token = signIn.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const bearer = new Client(server.url);
    const answer = await bearer.request(
      'POST',
      '/api/chat',
      { content: 'price', context: { type: 'meeting', meetingIds: [ids.kickoff] } },
      { authorization: `Bearer ${token}` },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.citations[0].meetingId).toBe(ids.kickoff);
  });
});
