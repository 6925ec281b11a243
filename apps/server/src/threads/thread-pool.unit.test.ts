/**
 * The thread pool with the export threads' entry: a task's files come back whole, a failing task
 * rejects with the thread's error and the next task still runs, and a thread idle for the pool's
 * `idleMs` ends (the memory its libraries took goes back), to start again on the next task.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Meeting } from '@summy/core';
import type { ExportTask } from '../services/export/export-threads.ts';
import { createThreadPool } from './thread-pool.ts';

const meeting = {
  id: 'm1',
  title: 'Standup',
  date: '2026-12-07T09:00:00.000Z',
  duration: 1,
  transcript: 'Speaker 1: We ship on Friday.',
  turnTimes: [],
  speakerNames: {},
  calendarEventAttendees: null,
  participants: ['Speaker 1'],
  topics: [],
  summary: null,
  actionItems: [],
} as unknown as Meeting;

const pool = () =>
  createThreadPool<ExportTask, Uint8Array[]>({
    entry: new URL('../services/export/export-worker.ts', import.meta.url),
    size: 1,
    idleMs: 200,
    name: 'the export worker',
  });

describe('the thread pool', () => {
  it('answers, fails one task without losing the thread, and ends an idle thread', async () => {
    const threads = pool();
    const [txt] = await threads.run({ meeting, publicUrl: 'http://x', formats: ['txt'] });
    expect(Buffer.from(txt!).toString('utf8')).toContain('Speaker 1: We ship on Friday.');
    expect(threads.threads()).toBe(1);

    await expect(
      threads.run({
        meeting: { ...meeting, transcript: null, actionItems: null } as unknown as Meeting,
        publicUrl: 'http://x',
        formats: ['md'],
      }),
    ).rejects.toThrow(/null/);
    const [md] = await threads.run({ meeting, publicUrl: 'http://x', formats: ['md'] });
    expect(Buffer.from(md!).toString('utf8')).toContain('# Standup');

    await vi.waitFor(() => expect(threads.threads()).toBe(0), { timeout: 10_000 });
    const [again] = await threads.run({ meeting, publicUrl: 'http://x', formats: ['txt'] });
    expect(Buffer.from(again!).toString('utf8')).toContain('We ship on Friday.');
  });
});
