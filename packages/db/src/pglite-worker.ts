/**
 * The database thread: owns the PGlite instance (its WebAssembly PostgreSQL, data folder and
 * settings) and runs the wire-protocol bytes the main thread's {@link PGliteThread} sends, so the
 * CPU every statement costs is spent here and not on the event loop that serves HTTP
 * (docs/decisions/041-pglite-on-a-worker-thread.md). Nothing is parsed here: the answer bytes go
 * back as they are, and the main thread parses them (results, errors, notifications).
 *
 * Started by pglite-thread.ts: from the TypeScript source under tsx, or as the server bundle's
 * `dist/pglite-worker.js` (scripts/build-server.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-protocol.ts';

const port = parentPort!;
const start = workerData as ThreadStart;

function describe(err: unknown): { message: string; stack?: string } {
  return err instanceof Error
    ? { message: err.message, ...(err.stack ? { stack: err.stack } : {}) }
    : { message: String(err) };
}

/** Copies `chunks` into one buffer of its own, which can then be transferred. */
function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

async function answer(pg: PGlite, req: ThreadRequest): Promise<ThreadReply> {
  switch (req.op) {
    case 'exec': {
      const chunks: Uint8Array[] = [];
      let size = 0;
      // The raw stream: PGlite hands over views of its WebAssembly memory, copied here, and does
      // not parse them (its parsing, notifications included, is the main thread's).
      await pg.execProtocolRawStream(req.message, {
        syncToFs: req.syncToFs,
        onRawData: (chunk) => {
          chunks.push(chunk.slice());
          size += chunk.length;
        },
      });
      const written = await pg._getWrittenBlob();
      return {
        id: req.id,
        data: concat(chunks, size),
        ...(written ? { blob: await written.arrayBuffer() } : {}),
      };
    }
    case 'blob':
      if (req.data) await pg._handleBlob(new Blob([req.data]));
      else await pg._cleanupBlob();
      return { id: req.id };
    case 'dump': {
      const tar = await pg.dumpDataDir('none');
      return { id: req.id, blob: await tar.arrayBuffer() };
    }
    case 'close':
      await pg.close();
      return { id: req.id };
  }
}

async function main(): Promise<void> {
  let pg: PGlite;
  try {
    pg = new PGlite(start.dataDir ?? 'memory://', {
      postgresqlconf: start.postgresqlconf,
      ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
    });
    await pg.waitReady;
  } catch (err) {
    port.postMessage({ ready: false, error: describe(err) });
    return;
  }
  // One request at a time, in the order sent (the main thread's locks already serialise them).
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (req: ThreadRequest) => {
    queue = queue.then(async () => {
      let reply: ThreadReply;
      try {
        reply = await answer(pg, req);
      } catch (err) {
        reply = { id: req.id, error: describe(err) };
      }
      const transfer = [reply.data?.buffer, reply.blob].filter(
        (b): b is ArrayBuffer => b instanceof ArrayBuffer,
      );
      port.postMessage(reply, transfer);
    });
  });
  port.postMessage({ ready: true });
}

void main();
