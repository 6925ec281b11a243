/**
 * A webhook receiver on a loopback port, as a user's would be: it records each POST (headers and
 * raw body) and answers the statuses it is told, one per request, then 200. Signatures are checked
 * by the tests with the `standardwebhooks` library, as the docs tell receivers to.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running receiver. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:{port}` */
  url: string;
  received: ReceivedWebhook[];
  /** Statuses to answer next, in order; 200 once they run out. */
  answers: number[];
  /** Resolves once `n` requests have come in all (polls every 50 ms; throws after `ms`). */
  waitFor(n: number, ms?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 on a free port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    async waitFor(n, ms = 30_000) {
      const end = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > end) throw new Error(`the receiver got ${received.length} of ${n}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
