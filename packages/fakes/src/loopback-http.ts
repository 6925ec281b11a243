/**
 * HTTP plumbing shared by the vendor fakes (speech-to-text and LLM): a server on 127.0.0.1 at a
 * free port, a body reader and a JSON writer. Tests and benchmarks only; never reaches a network.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running loopback server. `url` has no trailing slash. */
export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts `handler` on 127.0.0.1 at a free port. A handler that throws answers 500 with the
 * error, or drops the connection when the answer had begun. `close` also ends open connections
 * (hung requests of time-out tests).
 */
export async function startLoopbackServer(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(err) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Reads the whole request body (fakes only see small test payloads). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes a JSON answer with its length. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * The port a fake's command-line start listens on: the variable `name` (e.g. FAKE_LINEAR_PORT),
 * else `fallback`. Exits the process with a message naming the variable when it is not a port.
 */
export function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const port = Number(raw ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`${name} must be a port number, got ${raw}`);
    process.exit(1);
  }
  return port;
}
