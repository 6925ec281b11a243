/**
 * Oversized input, NUL characters and out-of-range values: body limits answered 413 before the body
 * is read (declared length) or as soon as a chunked body passes the limit, text lengths and NUL
 * characters answered 400, durations and dates bounded.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, MAX_DURATION_MINUTES, TEXT_LIMITS } from '@summy/core';
import { Client, signUp, startTestServer, TEST_ORIGIN } from './harness.ts';
import type { RunningServer } from '../src/server.ts';

let server: RunningServer;
let alice: Client;
let meetingId: string;
let chatId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Limits');
  meetingId = (await alice.post('/api/meetings', { title: 'Limits' })).body.id;
  chatId = (await alice.post('/api/chats', {})).body.id;
});
afterAll(() => server?.close());

/** What a raw request got: status, body, and how many body bytes the client had sent by then. */
interface RawAnswer {
  status: number;
  body: any;
  sentBeforeAnswer: number;
}

/**
 * POSTs `total` bytes of body over a raw socket, declared (`Content-Length`) or chunked: `prefix`
 * then 'a's in 1 MiB pieces. It stops sending as soon as an answer arrives: a server that
 * refuses early never gets the rest (fetch cannot show that answer: undici fails the request
 * once the server closes the connection on the unsent rest).
 */
function rawPost(
  route: string,
  total: number,
  options: { declared: boolean; cookie?: string; prefix?: string },
): Promise<RawAnswer> {
  const url = new URL(server.url + route);
  const piece = Buffer.alloc(1024 * 1024, 'a');
  let sent = 0;
  let answered = false;
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.declared ? { 'content-length': String(total) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        req.destroy();
        const text = Buffer.concat(parts).toString();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sentBeforeAnswer });
      });
    });
    // The server may close the connection on the rest of the body; the answer came first.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    if (options.prefix) {
      req.write(options.prefix);
      sent += Buffer.byteLength(options.prefix);
    }
    const pump = () => {
      while (!answered && sent < total) {
        const n = Math.min(piece.length, total - sent);
        sent += n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && sent >= total) req.end();
    };
    pump();
  });
}

function expectErrorShape(body: unknown) {
  expect(body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  expect((body as { details?: unknown }).details).toBeDefined();
}

describe('body limits', () => {
  it('refuses a declared 100 MB unauthenticated sign-in body at once, without reading it', async () => {
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const res = await rawPost('/api/auth/sign-in/email', 100 * 1024 * 1024, { declared: true });
    expect(res.status).toBe(413);
    expectErrorShape(res.body);
    expect(res.body.error).toBe('Request too large');
    expect(Date.now() - started).toBeLessThan(5_000);
    // The answer came while most of the body was still unsent.
    expect(res.sentBeforeAnswer).toBeLessThan(50 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('stops reading a chunked unauthenticated body past 256 KiB', async () => {
    const res = await rawPost('/api/auth/sign-in/email', 20 * 1024 * 1024, { declared: false });
    expect(res.status).toBe(413);
    expectErrorShape(res.body);
    expect(res.sentBeforeAnswer).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses a 50 MB transcript to POST /api/meetings (413)', async () => {
    // `{"title":"Huge","transcript":"aaa…` of 50 MiB; the answer comes before the closing quote.
    const raw = await rawPost('/api/meetings', 50 * 1024 * 1024, {
      declared: true,
      cookie: alice.cookie,
      prefix: '{"title":"Huge","transcript":"',
    });
    expect(raw.status).toBe(413);
    expectErrorShape(raw.body);
    expect(raw.sentBeforeAnswer).toBeLessThan(50 * 1024 * 1024);
    expect(raw.body.details).toContain(String(BODY_LIMITS.transcript));
  });

  it('stops reading a chunked body over 8 MiB to POST /api/meetings', async () => {
    const res = await rawPost('/api/meetings', BODY_LIMITS.transcript + 1024 * 1024, {
      declared: false,
      cookie: alice.cookie,
      prefix: '{"title":"Huge","transcript":"',
    });
    expect(res.status).toBe(413);
    expectErrorShape(res.body);
  });

  it('refuses a 300 KiB body on a small route (to-dos)', async () => {
    const res = await alice.post('/api/todos', { title: 'x', description: 'y'.repeat(300 * 1024) });
    expect(res.status).toBe(413);
    expectErrorShape(res.body);
  });

  it('accepts a transcript at its limit (2,000,000 characters), refuses one more', async () => {
    const ok = await alice.post('/api/meetings', {
      title: 'Long',
      transcript: 'Speaker 0: word\n\n'
        .repeat(TEXT_LIMITS.transcript / 17 + 1)
        .slice(0, TEXT_LIMITS.transcript),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.transcript).toHaveLength(TEXT_LIMITS.transcript);
    const over = await alice.patch(`/api/meetings/${ok.body.id}`, {
      transcript: 'x'.repeat(TEXT_LIMITS.transcript + 1),
    });
    expect(over.status).toBe(400);
    expectErrorShape(over.body);
  });

  it('passes a chunked body under the limit on to Better Auth and our routes', async () => {
    const chunked = (route: string, json: unknown, cookie = '') =>
      fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: TEST_ORIGIN },
        body: new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode(JSON.stringify(json)));
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
    const meeting = await chunked('/api/meetings', { title: 'Chunked' }, alice.cookie);
    expect(meeting.status).toBe(201);
    expect(((await meeting.json()) as { title: string }).title).toBe('Chunked');
    const signedUp = await chunked('/api/auth/sign-up/email', {
      name: 'Chunky',
      email: `chunky-${Date.now()}@example.com`,
      password: 'correct horse battery',
    });
    expect(signedUp.status).toBe(200);
    expect(((await signedUp.json()) as { user: { name: string } }).user.name).toBe('Chunky');
  });
});

describe('text lengths', () => {
  it('refuses a 5 MB user name at sign-up (413) and a 201-character one (400)', async () => {
    const client = new Client(server.url);
    const huge = await client.post('/api/auth/sign-up/email', {
      name: 'n'.repeat(5 * 1024 * 1024),
      email: `huge-${Date.now()}@example.com`,
      password: 'correct horse battery',
    });
    expect(huge.status).toBe(413);
    expectErrorShape(huge.body);
    const long = await client.post('/api/auth/sign-up/email', {
      name: 'n'.repeat(TEXT_LIMITS.userName + 1),
      email: `long-${Date.now()}@example.com`,
      password: 'correct horse battery',
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: 'Invalid request', details: [{ path: 'name' }] });
    const fine = await client.post('/api/auth/sign-up/email', {
      name: 'n'.repeat(TEXT_LIMITS.userName),
      email: `fine-${Date.now()}@example.com`,
      password: 'correct horse battery',
    });
    expect(fine.status).toBe(200);
  });

  it('refuses an over-long name on update-user, keeps the old one', async () => {
    const bob = await signUp(server, 'Bob');
    const res = await bob.post('/api/auth/update-user', {
      name: 'b'.repeat(TEXT_LIMITS.userName + 1),
    });
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
    const session = await bob.get('/api/auth/get-session');
    expect(session.body.user.name).toBe('Bob');
    expect((await bob.post('/api/auth/update-user', { name: 'Robert' })).status).toBe(200);
  });

  it.each([
    ['meeting title', '/api/meetings', { title: 't'.repeat(TEXT_LIMITS.title + 1) }],
    ['to-do title', '/api/todos', { title: 't'.repeat(TEXT_LIMITS.todoTitle + 1) }],
    [
      'chat message',
      '/api/chat-messages',
      { content: 'c'.repeat(TEXT_LIMITS.chatMessage + 1), isUser: true },
    ],
    ['chat question', '/api/chat', { content: 'q'.repeat(10_001) }],
    ['participant', '/api/meetings', { participants: ['p'.repeat(TEXT_LIMITS.personName + 1)] }],
    ['group name', '/api/meeting-groups', { name: 'g'.repeat(201), type: 'domain' }],
  ])('refuses an over-long %s (400)', async (_what, route, body) => {
    const res = await alice.post(route, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid request');
  });

  it('accepts texts at their limits', async () => {
    const meeting = await alice.post('/api/meetings', { title: 't'.repeat(TEXT_LIMITS.title) });
    expect(meeting.status).toBe(201);
    const todo = await alice.post('/api/todos', { title: 't'.repeat(TEXT_LIMITS.todoTitle) });
    expect(todo.status).toBe(201);
    const message = await alice.post(`/api/chats/${chatId}/messages`, {
      content: 'c'.repeat(TEXT_LIMITS.chatMessage),
      isUser: false,
    });
    expect(message.status).toBe(201);
  });
});

describe('NUL characters', () => {
  const NUL = 'a\u0000b';

  it('answers 400 for NUL in ?q=', async () => {
    const res = await alice.get('/api/meetings?q=a%00b');
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
  });

  it.each([
    ['chat question', 'POST', '/api/chat', { content: NUL }],
    ['chat stream question', 'POST', '/api/chat/stream', { content: NUL }],
    ['chat message', 'POST', '/chats/messages', { content: NUL, isUser: true }],
    ['meeting title', 'POST', '/api/meetings', { title: NUL }],
    ['transcript', 'POST', '/api/meetings', { title: 'T', transcript: `Speaker 0: ${NUL}` }],
    ['topic', 'POST', '/api/meetings', { topics: [{ topic: NUL, confidence: 1 }] }],
    ['to-do title', 'POST', '/api/todos', { title: NUL }],
    ['chat title', 'POST', '/api/chats', { title: NUL }],
    ['summary worker transcript', 'POST', '/api/summary', { transcript: NUL }],
  ])('answers 400 for NUL in a %s', async (_what, method, route, body) => {
    const path = route === '/chats/messages' ? `/api/chats/${chatId}/messages` : route;
    const res = await alice.request(method, path, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid request');
  });

  it('answers 400 for NUL on PATCH of a meeting and of a to-do', async () => {
    const meeting = await alice.patch(`/api/meetings/${meetingId}`, { transcript: NUL });
    expect(meeting.status).toBe(400);
    const todo = (await alice.post('/api/todos', { title: 'ok' })).body;
    const res = await alice.patch(`/api/todos/${todo.id}`, { title: NUL });
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
  });

  it('answers 400 for NUL in a sign-up name', async () => {
    const res = await new Client(server.url).post('/api/auth/sign-up/email', {
      name: NUL,
      email: `nul-${Date.now()}@example.com`,
      password: 'correct horse battery',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Invalid request', details: [{ path: 'name' }] });
  });
});

describe('bounds', () => {
  it.each([
    ['duration 1e308', { duration: 1e308 }],
    ['duration over 48 h', { duration: MAX_DURATION_MINUTES + 1 }],
    ['negative duration', { duration: -1 }],
    ['date 0001-01-01', { date: '0001-01-01T00:00:00.000Z' }],
    ['date before 1970', { date: '1969-12-31T23:59:59.999Z' }],
    ['date after 2200', { date: '2201-01-01T00:00:00.000Z' }],
  ])('refuses %s on create and update (400)', async (_what, fields) => {
    const created = await alice.post('/api/meetings', { title: 'Bounds', ...fields });
    expect(created.status).toBe(400);
    expectErrorShape(created.body);
    const updated = await alice.patch(`/api/meetings/${meetingId}`, fields);
    expect(updated.status).toBe(400);
  });

  it('refuses a to-do due date of 0001-01-01 (400)', async () => {
    const res = await alice.post('/api/todos', { title: 'Due', dueDate: '0001-01-01T00:00:00Z' });
    expect(res.status).toBe(400);
  });

  it('accepts the edge values: 0 and 48 h, 1970 and 2200', async () => {
    for (const fields of [
      { duration: 0, date: '1970-01-01T00:00:00.000Z' },
      { duration: MAX_DURATION_MINUTES, date: '2200-12-31T23:59:59.999Z' },
    ]) {
      const res = await alice.post('/api/meetings', { title: 'Edge', ...fields });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(fields);
    }
  });
});
