/**
 * Vitest setup file of the pglite project: a test file that leaves a PGlite worker thread running
 * after its own hooks fails, naming where the thread was opened. The project runs file after file
 * in one worker process (isolate: false), so a thread a file leaves open lives on with its
 * database in memory, hundreds of megabytes each, until the worker runs out of heap or the machine
 * out of memory. Closing a PGlite thread takes a moment (its exit is an event), so the check waits
 * up to {@link SETTLE_MS} for threads that are already closing.
 */
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';
import { afterAll, beforeAll } from 'vitest';

/** How long threads that were asked to close may take to exit, ms: a closing PGlite syncs first. */
const SETTLE_MS = 10_000;

interface Tracked {
  /** Where the thread was started: the stack of its `new Worker`. */
  openedAt: string;
}

// One registry per worker process: with isolate: false this file runs again for every test file,
// and the Worker class must be wrapped once. On globalThis, so that a test of a clean-up can read
// it (apps/server/test/harness-cleanup.test.ts).
const registry = ((
  globalThis as { __summyPgliteThreads?: Map<object, Tracked> }
).__summyPgliteThreads ??= new Map());
const marker = Symbol.for('summy.pglite-thread-tracker');
if (!(marker in workerThreads.Worker)) {
  const OriginalWorker = workerThreads.Worker;
  class TrackedWorker extends OriginalWorker {
    static readonly [marker] = true;
    constructor(filename: string | URL, options?: ConstructorParameters<typeof OriginalWorker>[1]) {
      super(filename, options);
      if (!String(filename).includes('pglite-worker')) return;
      registry.set(this, { openedAt: new Error().stack ?? '' });
      this.once('exit', () => registry.delete(this));
    }
  }
  (workerThreads as { Worker: typeof OriginalWorker }).Worker = TrackedWorker;
  syncBuiltinESMExports();
}

let before = new Set<object>();
beforeAll(() => {
  before = new Set(registry.keys());
});

afterAll(async () => {
  const mine = () => [...registry].filter(([worker]) => !before.has(worker));
  for (const deadline = Date.now() + SETTLE_MS; mine().length && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 50));
  const left = mine();
  if (left.length === 0) return;
  // Reported once: the next file's check starts from what is alive now.
  throw new Error(
    `${left.length} PGlite thread(s) still running after this file's hooks: close every database ` +
      `the file opens (server.close() closes startTestServer's). Opened at:\n` +
      left.map(([, t]) => t.openedAt.split('\n').slice(2, 8).join('\n')).join('\n---\n'),
  );
});
