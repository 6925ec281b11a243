/**
 * The meeting pipeline through the public API, with scripted providers so each step can fail: every
 * fallback of the stop and upload pipelines is asserted here, with the progress labels and notices
 * that reach the browser over /api/events.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTICES, untitledMeetingTitle } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../test/harness.ts';
import { waitProcessed } from '../../test/meetings.ts';
import { openEventStream, type EventStream } from '../../test/sse.ts';
import { ffmpeg, JFK_WAV, postFile } from '../../test/recordings.ts';
import type { RunningServer } from '../server.ts';
import { scriptedTools, type Script } from '../../test/scripted-tools.ts';

let server: RunningServer;
let alice: Client;
let script: Script = {};
let brokenResolver = false;
let jfk: Uint8Array;
let jfkWebm: Uint8Array;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      tools: async () => {
        if (brokenResolver) throw new Error('providers unavailable');
        return scriptedTools(script);
      },
    },
  );
  alice = await signUp(server, 'Alice');
  jfk = await readFile(JFK_WAV);
  const webm = path.join(os.tmpdir(), `summy-pipeline-${process.pid}.webm`);
  await ffmpeg(['-i', JFK_WAV, '-c:a', 'libopus', '-b:a', '32k', webm]);
  jfkWebm = await readFile(webm);
});
afterAll(() => server?.close());
beforeEach(() => {
  script = {};
});

async function upload(): Promise<string> {
  const res = await postFile(alice, '/api/meetings/upload', {
    bytes: jfk,
    name: 'jfk.wav',
    type: 'audio/wav',
  });
  expect(res.status).toBe(201);
  return res.body.meetingId as string;
}

async function record(who: Client = alice): Promise<string> {
  const m = await who.post('/api/meetings', { title: 'Sat 21 Nov 10:00', isRecording: true });
  const res = await fetch(`${server.url}/api/meetings/${m.body.id}/audio?index=0`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: who.origin, 'content-type': 'audio/webm' },
    body: jfkWebm,
  });
  expect(res.status).toBe(200);
  expect((await who.post(`/api/meetings/${m.body.id}/stop`, { durationMs: 11000 })).status).toBe(
    200,
  );
  return m.body.id as string;
}

/**
 * The notice about meeting `meetingId` (the pipeline's closing toast): an earlier test's upload
 * may still send its own notice after its meeting reads as processed, on the same user's stream.
 */
const noticeOf = (events: EventStream, meetingId: string) =>
  events.notice((data: { meetingId?: string }) => data.meetingId === meetingId);

async function todosOf(id: string) {
  return (await alice.get(`/api/todos?meetingId=${id}`)).body as {
    title: string;
    priority: boolean;
    completed: boolean;
  }[];
}

describe('upload pipeline', () => {
  it('saves transcript, title, summary with topics and action items; streams progress and a notice', async () => {
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const id = await upload();
      const m = await waitProcessed(alice, id);
      expect(m.title).toBe('Budget report and slides');
      expect(m.transcript).toBe(
        'Speaker 1: we need to ship the budget report by friday\n\nSpeaker 2: i will send the slides tomorrow',
      );
      expect(m.summary).toContain('## Overview');
      expect(m.topics).toEqual([{ topic: 'Budget', confidence: 0.9 }]);
      expect(m.duration).toBe(2);
      expect(m.participants).toEqual(['Speaker 1', 'Speaker 2']);
      // One seek target per stored turn, where the scripted words put them.
      expect(m.turnTimes).toHaveLength(2);
      expect(m.turnTimes[0]).toMatchObject({ speaker: 0, start: 0 });
      expect(m.turnTimes[1]).toMatchObject({ speaker: 1, start: 5 });
      expect(m.turnTimes[1]!.end).toBeGreaterThan(m.turnTimes[1]!.start);
      expect(m).toMatchObject({ isProcessing: false, isRecording: false });
      expect(m.audioUrl).toMatch(/^http/);
      const todos = await todosOf(id);
      expect(todos.map((t) => t.title).sort()).toEqual([
        'Send the slides',
        'Ship the budget report',
      ]);
      expect(todos.every((t) => t.priority === false && t.completed === false)).toBe(true);
      // Progress labels and the closing notice reached the browser.
      await events.notice(undefined, 2_500);
      const labels = events.all
        .filter((e) => e.event === 'progress' && e.data.meetingId === id)
        .map((e) => e.data.label);
      expect(labels).toEqual(
        expect.arrayContaining(['Transcribing', 'Summarizing', 'Analyzing', 'Saving']),
      );
      expect(await noticeOf(events, id)).toMatchObject(NOTICES.uploadSaved);
    } finally {
      events.close();
    }
  });

  it('transcription failure: audio kept, no transcript, flags cleared, "Upload failed"', async () => {
    script = { fail: { transcribe: true } };
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const id = await upload();
      const m = await waitProcessed(alice, id);
      expect(m.transcript).toBeNull();
      expect(m.title).toBe('jfk');
      const audio = await alice.get(`/api/meetings/${id}/audio-url`);
      expect(audio.status).toBe(200);
      expect(await noticeOf(events, id)).toMatchObject(NOTICES.uploadFailed);
    } finally {
      events.close();
    }
  });

  it('no speech: saves the audio only, with the documented notice', async () => {
    script = { words: [], durationS: 11 };
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const id = await upload();
      const m = await waitProcessed(alice, id);
      expect(m.transcript).toBe('');
      expect(m.summary).toBeNull();
      expect(await todosOf(id)).toEqual([]);
      expect(await noticeOf(events, id)).toMatchObject({
        title: 'Upload completed',
        description: 'No speech detected in file. Saved audio without transcript.',
      });
    } finally {
      events.close();
    }
  });

  it('an upload with no subject to name keeps the file name', async () => {
    script = { noSubject: true };
    const m = await waitProcessed(alice, await upload());
    expect(m.title).toBe('jfk');
  });

  it('title failure keeps the file name; summary failure still saves, with the documented notice', async () => {
    script = { fail: { title: true, summary: true } };
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const id = await upload();
      const m = await waitProcessed(alice, id);
      expect(m.title).toBe('jfk');
      expect(m.summary).toBeNull();
      expect(m.transcript).toContain('Speaker 1:');
      expect(await todosOf(id)).toHaveLength(2);
      expect(await noticeOf(events, id)).toMatchObject({
        description:
          'File transcribed successfully. Summary generation failed but can be retried later.',
      });
    } finally {
      events.close();
    }
  });

  it('action-item failure still saves the meeting', async () => {
    script = { fail: { actionItems: true } };
    const m = await waitProcessed(alice, await upload());
    expect(m.summary).toContain('## Overview');
    expect(await todosOf(m.id)).toEqual([]);
  });
});

describe('stop pipeline', () => {
  it('uses the enhanced transcript and the generated title', async () => {
    script = { enhance: (t) => t.replace('Speaker 1:', 'Ada:') };
    // A fresh account: Alice's uploads already hold this title, and titles are unique per account.
    const ada = await signUp(server, 'Ada');
    const m = await waitProcessed(ada, await record(ada));
    expect(m.transcript?.startsWith('Ada: we need to ship')).toBe(true);
    expect(m.title).toBe('Budget report and slides');
    expect(m.duration).toBe(2);
  });

  it('title failure gives "Meeting"; speaker enhancement failure keeps the original transcript', async () => {
    script = { fail: { title: true, speakers: true } };
    const m = await waitProcessed(alice, await record());
    expect(m.title).toBe('Meeting');
    expect(m.transcript?.startsWith('Speaker 1: we need to ship')).toBe(true);
  });

  it("a transcript too poor to name a subject is titled 'Meeting' plus the meeting's date", async () => {
    script = { noSubject: true };
    const m = await waitProcessed(alice, await record());
    expect(m.title).toBe(untitledMeetingTitle(new Date(m.date)));
    expect(m.title).toMatch(/^Meeting, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  it('two meetings of one account never get the same generated title', async () => {
    script = { title: 'Remote Control and Design' };
    const first = await waitProcessed(alice, await record());
    const second = await waitProcessed(alice, await record());
    const third = await waitProcessed(alice, await record());
    const day = untitledMeetingTitle(new Date(second.date)).replace('Meeting, ', '');
    expect(first.title).toBe('Remote Control and Design');
    expect(second.title).toBe(`Remote Control and Design, ${day}`);
    expect(third.title).toBe(`Remote Control and Design, ${day} (2)`);
    // Another account may have the same title: uniqueness is per account.
    const bob = await signUp(server, 'Bob');
    expect((await waitProcessed(bob, await record(bob))).title).toBe('Remote Control and Design');
  });

  it('a generated title is cut to 50 characters', async () => {
    script = { title: 'A very long title that goes on and on about the quarterly budget review' };
    const m = await waitProcessed(alice, await record());
    expect(m.title.length).toBeLessThanOrEqual(50);
    expect(m.title).toBe('A very long title that goes on and on about the qu');
  });

  it('no speech: empty transcript, "Saved / No speech detected in recording"', async () => {
    script = { words: [] };
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const m = await waitProcessed(alice, await record());
      expect(m.transcript).toBe('');
      expect(await noticeOf(events, m.id)).toMatchObject({
        title: 'Saved',
        description: 'No speech detected in recording',
      });
    } finally {
      events.close();
    }
  });

  it('a failure of the whole run clears both flags and tells the user, keeping the audio', async () => {
    // Out of retries at once: the resolver fails, so no step of the pipeline can run.
    await server.jobs.boss.updateQueue('meeting.process', { retryLimit: 0 });
    const events = await openEventStream(server.url, alice.cookie);
    try {
      brokenResolver = true;
      const m = await waitProcessed(alice, await record());
      expect(m).toMatchObject({ isProcessing: false, isRecording: false, transcript: null });
      expect((await alice.get(`/api/meetings/${m.id}/audio-url`)).status).toBe(200);
      expect(await noticeOf(events, m.id)).toMatchObject({ variant: 'error' });
    } finally {
      brokenResolver = false;
      events.close();
      await server.jobs.boss.updateQueue('meeting.process', { retryLimit: 3 });
    }
  });
});
