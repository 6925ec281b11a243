/**
 * Reading the assistant's answer stream: the event-stream format cut into arbitrary chunks, and
 * `streamChat`'s events and errors against a fake `fetch` answering real HTTP responses.
 */
import type { ChatStreamEvent } from '@summy/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { streamChat } from '../api/stream-chat';
import { createSseParser, readSse, type SseMessage } from './sse';

function parseAll(chunks: string[]): SseMessage[] {
  const out: SseMessage[] = [];
  const parser = createSseParser((m) => out.push(m));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return out;
}

/** A body that delivers the given byte chunks one read at a time. */
function body(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i >= chunks.length) return controller.close();
      const chunk = chunks[i++]!;
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
  });
}

describe('SSE parser', () => {
  const stream =
    ': keep-alive\n\n' +
    'event: citations\ndata: {"citations":[]}\n\n' +
    'event: delta\r\ndata: {"text":"Hel"}\r\n\r\n' +
    'event: delta\rdata: {"text":"lo"}\r\r' +
    'data: line one\ndata:line two\nid: 7\nretry: 1000\n\n' +
    'event: done\ndata: {}\n';

  const expected: SseMessage[] = [
    { event: 'citations', data: '{"citations":[]}' },
    { event: 'delta', data: '{"text":"Hel"}' },
    { event: 'delta', data: '{"text":"lo"}' },
    { event: 'message', data: 'line one\nline two', id: '7' },
  ];

  it('parses events, comments, multi-line data and all three line breaks', () => {
    // The last event has no blank line after it: the format drops it.
    expect(parseAll([stream])).toEqual(expected);
  });

  it('gives the same events whatever the chunk boundaries', () => {
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      expect(parseAll(chunks)).toEqual(expected);
    }
  });

  it('drops events without data and a leading byte order mark', () => {
    expect(parseAll(['\uFEFFevent: ping\n\n', 'data: x\n\n'])).toEqual([
      { event: 'message', data: 'x' },
    ]);
  });

  it('decodes UTF-8 characters split between reads', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Grüße 👋"}\n\n');
    const cut = bytes.indexOf(0x9f); // inside the emoji
    const out: SseMessage[] = [];
    for await (const m of readSse(
      body([bytes.slice(0, 22), bytes.slice(22, cut), bytes.slice(cut)]),
    )) {
      out.push(m);
    }
    expect(out).toEqual([{ event: 'delta', data: '{"text":"Grüße 👋"}' }]);
  });
});

describe('streamChat', () => {
  afterEach(() => vi.unstubAllGlobals());

  const citation = {
    ref: 1,
    text: 'We ship in May.',
    section: 'transcript',
    meetingId: '11111111-1111-4111-8111-111111111111',
    meetingTitle: 'Launch',
    speaker: 'Speaker 2',
    start: 83,
    turnIndex: 4,
  };

  function answerWith(status: number, chunks: string[], type = 'text/event-stream') {
    const fetch = vi.fn(
      async () => new Response(body(chunks), { status, headers: { 'Content-Type': type } }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  async function collect(): Promise<ChatStreamEvent[]> {
    const events: ChatStreamEvent[] = [];
    for await (const e of streamChat({
      content: 'When?',
      context: { type: 'meeting', meetingIds: [] },
    })) {
      events.push(e);
    }
    return events;
  }

  it('posts the question and yields typed events, skipping unknown and malformed ones', async () => {
    const done = {
      content: 'In May [1].',
      response: 'In May [1].',
      citations: [citation],
      model: 'offline',
    };
    const fetch = answerWith(200, [
      `event: citations\ndata: ${JSON.stringify({ citations: [citation] })}\n\n`,
      'event: waiting\ndata: {"position":1,"notes":true}\n\nevent: waiting\ndata: {"position":1}\n\n',
      'event: waiting\ndata: {"position":0,"notes":false}\n\n',
      'event: delta\ndata: {"text":"In May"}\n\nevent: delta\ndata: {"text":" [1]."}\n\n',
      'event: surprise\ndata: {}\n\nevent: delta\ndata: not json\n\n',
      `event: done\ndata: ${JSON.stringify(done)}\n\n`,
    ]);
    expect(await collect()).toEqual([
      { event: 'citations', data: { citations: [citation] } },
      { event: 'waiting', data: { position: 1, notes: true } },
      { event: 'waiting', data: { position: 0, notes: false } },
      { event: 'delta', data: { text: 'In May' } },
      { event: 'delta', data: { text: ' [1].' } },
      { event: 'done', data: done },
    ]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chat/stream');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      content: 'When?',
      context: { type: 'meeting', meetingIds: [] },
    });
  });

  it('passes the error event on with its error and details', async () => {
    answerWith(200, [
      'event: error\ndata: {"error":"Chat failed","details":"No response generated"}\n\n',
    ]);
    expect(await collect()).toEqual([
      { event: 'error', data: { error: 'Chat failed', details: 'No response generated' } },
    ]);
  });

  it('throws the JSON error of a refused request with its status', async () => {
    answerWith(404, ['{"error":"Not found","details":"Meeting not found"}'], 'application/json');
    const error = await collect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 404,
      message: 'Not found',
      details: 'Meeting not found',
    });
  });

  it('defaults a bodiless error to Server error / HTTP {status}', async () => {
    answerWith(502, ['<html>Bad gateway</html>'], 'text/html');
    await expect(collect()).rejects.toMatchObject({
      status: 502,
      message: 'Server error',
      details: 'HTTP 502',
    });
  });

  it('reports an unreachable server and a dropped stream as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(collect()).rejects.toMatchObject({ status: 0 });

    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError('network error'));
        sent = true;
        controller.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"Hi"}\n\n'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(broken, { status: 200 })),
    );
    const events: ChatStreamEvent[] = [];
    const error = await (async () => {
      for await (const e of streamChat({ content: 'x' })) events.push(e);
    })().catch((e: unknown) => e);
    expect(events).toEqual([{ event: 'delta', data: { text: 'Hi' } }]);
    expect(error).toMatchObject({ status: 0 });
  });

  it('rethrows an abort as AbortError', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        controller.abort();
        init.signal?.throwIfAborted();
        return new Response('');
      }),
    );
    const error = await (async () => {
      for await (const _ of streamChat({ content: 'x' }, controller.signal)) void _;
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('accepts a whole JSON answer as one done event', async () => {
    const done = { content: 'Yes.', response: 'Yes.', citations: [], model: 'offline' };
    answerWith(200, [JSON.stringify(done)], 'application/json');
    expect(await collect()).toEqual([{ event: 'done', data: done }]);
  });
});
