/**
 * The watch on a meeting's deletion, on the real database: the `meetings` row trigger's
 * notification aborts the watch of that meeting only, an edit of it or the delete of another
 * meeting does not, and a parent signal (a job's) aborts it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import {
  MeetingDeletedError,
  untilMeetingDeleted,
  watchMeetingDeletion,
} from './watch-meeting-deletion.ts';

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(async () => {
  await server?.close();
});

async function meeting(title: string): Promise<string> {
  const res = await alice.post('/api/meetings', { title, transcript: 'Speaker 1: Hello.' });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** Resolves with the abort reason when `signal` aborts (or has), or after `ms` with 'pending'. */
function abortedWithin(signal: AbortSignal, ms: number): Promise<unknown> {
  // The notification often arrives before the delete's answer does.
  if (signal.aborted) return Promise.resolve(signal.reason);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('pending'), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(signal.reason);
    });
  });
}

describe('watchMeetingDeletion', () => {
  it("aborts on its meeting's delete only, not on an edit or another meeting's delete", async () => {
    const watched = await meeting('Watched');
    const other = await meeting('Other');
    const watch = await watchMeetingDeletion(server.database, watched);
    try {
      expect((await alice.patch(`/api/meetings/${watched}`, { title: 'Renamed' })).status).toBe(
        200,
      );
      expect((await alice.delete(`/api/meetings/${other}`)).status).toBe(204);
      expect(await abortedWithin(watch.signal, 300)).toBe('pending');
      expect(watch.deleted).toBe(false);

      expect((await alice.delete(`/api/meetings/${watched}`)).status).toBe(204);
      const reason = await abortedWithin(watch.signal, 1000);
      expect(reason).toBeInstanceOf(MeetingDeletedError);
      expect(watch.deleted).toBe(true);
    } finally {
      await watch.stop();
    }
  });

  it('follows its parent signal, and stops listening when stopped', async () => {
    const id = await meeting('Parent');
    const parent = new AbortController();
    const watch = await watchMeetingDeletion(server.database, id, parent.signal);
    parent.abort(new Error('job stopped'));
    expect(watch.signal.aborted).toBe(true);
    expect(watch.deleted).toBe(false);

    const stopped = await watchMeetingDeletion(server.database, id);
    await stopped.stop();
    expect((await alice.delete(`/api/meetings/${id}`)).status).toBe(204);
    expect(await abortedWithin(stopped.signal, 300)).toBe('pending');
    await watch.stop();
  });

  it("untilMeetingDeleted answers 'gone' for work the delete stopped, and rethrows other failures", async () => {
    const id = await meeting('Work');
    const outcome = untilMeetingDeleted(
      server.database,
      id,
      undefined,
      (signal) =>
        new Promise<string>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
      'gone' as const,
    );
    // The watch listens before the work starts: a delete right after is heard.
    await new Promise((r) => setTimeout(r, 50));
    expect((await alice.delete(`/api/meetings/${id}`)).status).toBe(204);
    expect(await outcome).toBe('gone');

    const kept = await meeting('Kept');
    await expect(
      untilMeetingDeleted(
        server.database,
        kept,
        undefined,
        () => Promise.reject(new Error('model failed')),
        'gone',
      ),
    ).rejects.toThrow('model failed');
  });
});
