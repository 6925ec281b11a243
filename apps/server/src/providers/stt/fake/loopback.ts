/**
 * A loopback HTTP server for the vendor fakes: node:http on 127.0.0.1 with a free port, closed
 * with every open socket (a fake in 'hang' mode keeps requests open on purpose).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running loopback server. `url` has no trailing slash. */
export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** Failure modes shared by the fakes. */
export type FakeMode =
  /** Answer from the script. */
  | 'ok'
  /** 401 with the vendor's invalid-key body, whatever key is sent. */
  | 'unauthorized'
  /** 429 with the vendor's rate-limit body. */
  | 'rate_limited'
  /** Read the request, never answer (for time-outs). */
  | 'hang'
  /** 200 with no results. */
  | 'empty'
  /** 200 with a body that is not JSON. */
  | 'malformed'
  /** 500 with the vendor's error body. */
  | 'error';

/** Starts `handler` on 127.0.0.1 at a free port. */
export async function startLoopbackServer(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(err) });
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

/** Reads the whole request body (fakes only see small test files). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes a JSON answer. */
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

/** True when `bytes` start like an audio or video container a speech-to-text vendor decodes. */
export function looksLikeAudio(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  return (
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') ||
    ascii(0, 4) === 'fLaC' ||
    ascii(0, 4) === 'OggS' ||
    ascii(0, 3) === 'ID3' ||
    ascii(4, 8) === 'ftyp' ||
    bytes.readUInt32BE(0) === 0x1a45dfa3 || // Matroska / WebM
    (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) // MPEG audio frame sync
  );
}
