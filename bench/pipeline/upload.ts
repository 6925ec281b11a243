/**
 * The benchmark's upload side: a multipart/form-data POST streamed from disk (as a browser sends
 * a picked file: no copy of the file in memory), and the reference it is compared with, a bare
 * `node:http` server that streams the request body to a file.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { request as httpRequest, createServer, type Server } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';

/** A file to upload. */
export interface UploadFile {
  path: string;
  fileName: string;
  mimeType: string;
}

/** How an upload went. */
export interface UploadAnswer {
  status: number;
  body: string;
  /** From the first byte sent to the whole answer read, milliseconds. */
  ms: number;
  /** Bytes of the request body (file plus multipart envelope). */
  bodyBytes: number;
}

/**
 * POSTs `file` as the multipart field `file`, streaming it from disk with an exact
 * Content-Length, on a fresh connection.
 * @param headers extra headers (cookie, origin)
 */
export async function uploadFile(
  url: string,
  file: UploadFile,
  headers: Record<string, string> = {},
): Promise<UploadAnswer> {
  const boundary = `----summybench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\n` +
      `Content-Type: ${file.mimeType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const bodyBytes = head.length + statSync(file.path).size + tail.length;
  const target = new URL(url);
  const t0 = performance.now();
  return new Promise<UploadAnswer>((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(bodyBytes),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - t0,
            bodyBytes,
          }),
        );
      },
    );
    req.on('error', reject);
    async function* body() {
      yield head;
      yield* createReadStream(file.path);
      yield tail;
    }
    // Once the answer has resolved the promise, a late stream error changes nothing.
    pipeline(body(), req).catch(reject);
  });
}

/** A running bare upload server. */
export interface BareUploadServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A bare `node:http` server that streams every request body to a new file in `dir` (removed
 * again once written) and answers 201 with the byte count: the floor under any upload route.
 * @param fsync flush each file to disk before answering, as Summy's local storage does
 */
export async function startBareUploadServer(
  dir: string,
  options: { fsync?: boolean } = {},
): Promise<BareUploadServer> {
  const server: Server = createServer((req, res) => {
    const file = path.join(dir, `bare-${randomUUID()}.bin`);
    void (async () => {
      try {
        const out = createWriteStream(file);
        await pipeline(req, out);
        if (options.fsync) {
          const handle = await open(file, 'r');
          await handle.sync();
          await handle.close();
        }
        const { size } = statSync(file);
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ bytes: size }));
      } catch (err) {
        res.writeHead(500);
        res.end(String(err));
      } finally {
        await rm(file, { force: true });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
