/**
 * Vitest setup file of the fast tier (projects unit and web): starting PGlite's worker thread
 * throws, naming the rule. Opening a PGlite database compiles and boots PostgreSQL in
 * WebAssembly: a second or two of CPU on an idle machine and tens of seconds on a loaded one,
 * which is what made `npm run test:fast` take minutes there. A test that opens a database belongs
 * in the slow tier (`*.slow.test.ts`) or the pglite project (docs/testing.md). Other worker
 * threads (the offline text model's pool) stay allowed: they start in milliseconds.
 * Replacing the CommonJS export and syncing it reaches `import { Worker } from
 * 'node:worker_threads'` too (Node's module.syncBuiltinESMExports).
 */
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

const OriginalWorker = workerThreads.Worker;

/** A Worker that refuses PGlite's thread (its entry file is `pglite-worker.{ts,js}`). */
class FastTierWorker extends OriginalWorker {
  constructor(filename: string | URL, options?: ConstructorParameters<typeof OriginalWorker>[1]) {
    if (String(filename).includes('pglite-worker')) {
      throw new Error(
        'PGlite opened in a fast-tier test: a test that opens a database belongs in the slow ' +
          'tier; name its file *.slow.test.ts, or put it in the pglite project (docs/testing.md)',
      );
    }
    super(filename, options);
  }
}

(workerThreads as { Worker: typeof OriginalWorker }).Worker = FastTierWorker;
syncBuiltinESMExports();
