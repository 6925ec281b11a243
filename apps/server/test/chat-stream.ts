/** Reads a whole `POST /api/chat/stream` answer into its events, for tests and benchmarks. */
import type { Client } from './harness.ts';

/** One server-sent event with its JSON data. */
export interface ReadEvent {
  event: string;
  data: any;
}

/** Parses a complete text/event-stream body (events separated by blank lines). */
export function parseSse(body: string): ReadEvent[] {
  const events: ReadEvent[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return events;
}

/** Posts a question to the streaming endpoint and returns the status and the events. */
export async function askStream(
  client: Client,
  body: unknown,
): Promise<{ status: number; contentType: string | null; events: ReadEvent[]; raw: string }> {
  const res = await fetch(`${client.baseUrl}/api/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie, origin: client.origin },
    body: JSON.stringify(body),
  });
  const raw = await res.text();
  const contentType = res.headers.get('content-type');
  return {
    status: res.status,
    contentType,
    events: contentType?.includes('text/event-stream') ? parseSse(raw) : [],
    raw,
  };
}
