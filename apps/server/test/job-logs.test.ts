/**
 * Log lines of background jobs carry the queue and the job id: a meeting whose transcription fails
 * logs the failure from the `meeting.process` worker with them, not with the upload's request id.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JFK_WAV, uploadProcessed } from './recordings.ts';
import { scriptedTools } from './scripted-tools.ts';
import type { RunningServer } from '../src/server.ts';
import { signUp, startTestServer } from './harness.ts';
import { watchLogLines } from './log-lines.ts';

describe('job logs', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      { tools: async () => scriptedTools({ fail: { transcribe: true } }) },
    );
  });
  afterAll(() => server?.close());

  it('name the queue and the job of the line', async () => {
    const lines = watchLogLines();
    try {
      const alice = await signUp(server, 'Alice');
      const meeting = await uploadProcessed(alice, await readFile(JFK_WAV));
      const failure = lines().find((line) => line.msg === '[pipeline] transcription failed');
      expect(failure).toMatchObject({
        level: 'error',
        queue: 'meeting.process',
        jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        meetingId: meeting.id,
        err: { message: expect.any(String), stack: expect.any(String) },
      });
      expect(failure!.reqId).toBeUndefined();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
