/** A minimal Server-Sent Events reader for tests: collects `change` events as parsed JSON. */
import { performance } from 'node:perf_hooks';
import type { ChangeEvent } from '@summy/core';

/** An open `/api/events` stream. */
export interface EventStream {
  /** `change` events, parsed. */
  events: ChangeEvent[];
  /**
   * Every event (change, progress, notice, resync, evicted) with its name and when it arrived
   * (`performance.now()` ms; bench/live times the live text with it).
   */
  all: { event: string; data: any; at: number }[];
  /** Resolves when the stream ends: 'server' when the server closed it, 'client' after close(). */
  ended: Promise<'server' | 'client'>;
  /** Resolves once `count` events arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<ChangeEvent[]>;
  /**
   * The data of the first `notice` event that `match` accepts (any notice without it), waiting up
   * to `timeoutMs` (default 5 s) for one; undefined when none came, for the caller to assert on.
   */
  notice(match?: (data: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

/** Opens `/api/events` with the given session cookie and waits for its `ready` event. */
export async function openEventStream(baseUrl: string, cookie: string): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`events answered ${res.status}`);
  const events: ChangeEvent[] = [];
  const all: EventStream['all'] = [];
  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));
  const ended = (async (): Promise<'server' | 'client'> => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'ready') resolveReady();
          if (event === 'change' && data) events.push(JSON.parse(data) as ChangeEvent);
          if (event && event !== 'ready' && data) all.push({ event, data: JSON.parse(data), at });
        }
      }
    } catch {
      // aborted by close()
    }
    return controller.signal.aborted ? 'client' : 'server';
  })();
  await Promise.race([
    ready,
    ended.then((by) => Promise.reject(new Error(`stream ended by the ${by} before 'ready'`))),
  ]);
  return {
    events,
    all,
    ended,
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} events, got ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return events.slice(0, count);
    },
    async notice(match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      const find = () => all.find((e) => e.event === 'notice' && match(e.data))?.data;
      while (find() === undefined && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      return find();
    },
    close: () => controller.abort(),
  };
}
