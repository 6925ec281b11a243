/**
 * The harness cleans up after a setup that fails: a server that cannot start closes the test
 * database it was given (left open, its PGlite thread outlived the file, hundreds of megabytes a
 * file in a worker that runs file after file), and the error names the step that failed.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from './harness.ts';

/** PGlite threads of this worker still running (scripts/no-leftover-pglite-threads.ts counts). */
const liveThreads = () =>
  (globalThis as { __summyPgliteThreads?: Map<object, unknown> }).__summyPgliteThreads?.size ?? 0;

describe('startTestServer when the server cannot start', () => {
  it('closes the database and names the step', async () => {
    const before = liveThreads();
    // Deepgram chosen without its key: startServer refuses after the database was opened.
    await expect(startTestServer({ STT_PROVIDER: 'deepgram' })).rejects.toThrow(
      /^Test setup failed at "start the test server" after [\d.]+ s \(load average [\d.]+\): Missing backend configuration: DEEPGRAM_API_KEY/,
    );
    await expect.poll(liveThreads, { timeout: 10_000 }).toBe(before);
  });
});
