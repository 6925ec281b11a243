/**
 * A receiver on a loopback port that answers every request 200 with a body that never ends, as a
 * hostile webhook receiver or CalDAV server would: it sends `holdAfter` bytes, waits for
 * `release()`, then writes until the client closes the connection, minding backpressure (so the
 * bytes it sent tell how much the client read, give or take the sockets' buffers).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running endless receiver. */
export interface EndlessAnswer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** Bytes of body written so far, over all requests. */
  readonly sent: number;
  /** Resolves when `holdAfter` bytes of an answer are written and the receiver waits. */
  held: Promise<void>;
  /** Lets the held answer go on, endlessly. */
  release(): void;
  /** Resolves when a client has closed its connection in the middle of the body. */
  closedByClient: Promise<void>;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** Starts the receiver on 127.0.0.1 on a free port; `holdAfter` in bytes (default 32 KiB). */
export async function startEndlessAnswer(holdAfter = 32 * 1024): Promise<EndlessAnswer> {
  let sent = 0;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let onHeld!: () => void;
  const held = new Promise<void>((r) => (onHeld = r));
  let onClosed!: () => void;
  const closedByClient = new Promise<void>((r) => (onClosed = r));
  const server: Server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.on('close', () => {
      if (!res.writableFinished) onClosed();
    });
    const write = (bytes: Buffer) =>
      new Promise<boolean>((resolve) => {
        if (res.destroyed) return resolve(false);
        sent += bytes.byteLength;
        if (res.write(bytes)) return resolve(true);
        const settle = () => {
          res.off('drain', settle).off('close', settle);
          resolve(!res.destroyed);
        };
        res.on('drain', settle).on('close', settle);
      });
    void (async () => {
      if (!(await write(CHUNK.subarray(0, holdAfter)))) return;
      onHeld();
      await released;
      while (await write(CHUNK));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get sent() {
      return sent;
    },
    held,
    release: () => release(),
    closedByClient,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
