/**
 * A small reader of Server-Sent Events over `fetch` (the WHATWG "event stream" format): the chat
 * answer streams as a POST response, which `EventSource` cannot send, so the body is parsed here.
 */

/** One dispatched event: its type (default 'message'), its data lines joined by '\n', its id. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser: feed it text as it arrives, in chunks cut anywhere (inside a line, or
 * between the '\r' and '\n' of one line break); it calls `onMessage` at each blank line that ends
 * an event with data. Comments (':') and `retry` are ignored; an event without data is dropped,
 * as browsers do.
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let first = true;
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  // A chunk ending in '\r' may be followed by the '\n' of the same line break.
  let skipLeadingLf = false;

  const dispatch = () => {
    if (data.length > 0) {
      onMessage({
        event: event || 'message',
        data: data.join('\n'),
        ...(id !== undefined && { id }),
      });
    }
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    /** Parses more text of the stream. */
    feed(chunk: string): void {
      if (first && chunk.length > 0) {
        first = false;
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /**
     * The stream ended. An unterminated last event is dropped, as the format says: only a blank
     * line dispatches.
     */
    end(): void {
      buffer = '';
      event = '';
      data = [];
    },
  };
}

/**
 * Reads a response body as Server-Sent Events, yielding each one as soon as its blank line has
 * arrived. UTF-8 characters split between chunks are decoded whole.
 *
 * @throws whatever reading the body throws (a `TypeError` when the connection drops, an
 *   `AbortError` when the request's signal aborts)
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const queue: SseMessage[] = [];
  const parser = createSseParser((message) => queue.push(message));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        parser.feed(decoder.decode());
        parser.end();
        yield* queue.splice(0);
        return;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      yield* queue.splice(0);
    }
  } finally {
    // A consumer that stops early (`break`) cancels the rest of the body; after the end or an
    // error this does nothing.
    reader.cancel().catch(() => undefined);
  }
}
