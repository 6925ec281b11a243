/**
 * One recorded meeting as the web recorder makes it: `POST /api/meetings` with `isRecording`,
 * then chunk N posted when its second of audio has been recorded (real time, N+1 s after the
 * start), the user's event stream read for `live-segment` events; Stop, and the final transcript
 * once the pipeline has run.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { openEventStream, type EventStream } from '../../apps/server/test/sse.ts';
import { call, postChunk, type BenchUser } from './client.ts';
import type { BenchRecording } from './recordings.ts';
import type { ArrivedSegment } from './score.ts';

/** How long the bench keeps listening after the last chunk before Stop (s). */
export const TAIL_S = 5;

/** A live segment as it arrived. */
export interface SeenSegment extends ArrivedSegment {
  seq: number;
  text: string;
}

/** A meeting recorded at real time, before Stop. */
export interface Recorded {
  user: BenchUser;
  stream: EventStream;
  meetingId: string;
  recording: BenchRecording;
  /** `performance.now()` at the recording's start (ms). */
  startedAt: number;
}

/** Creates the meeting and posts its chunks at real time, then waits {@link TAIL_S}. */
export async function recordAtRealTime(
  user: BenchUser,
  recording: BenchRecording,
): Promise<Recorded> {
  const stream = await openEventStream(user.base, user.cookie);
  const meeting = await call(user, 'POST', '/api/meetings', {
    title: `Live bench ${recording.name}`,
    isRecording: true,
    date: new Date().toISOString(),
  });
  const startedAt = performance.now();
  for (const [index, bytes] of recording.chunks.entries()) {
    const due = startedAt + (index + 1) * 1000;
    await sleep(Math.max(0, due - performance.now()));
    await postChunk(user, meeting.id as string, index, bytes);
  }
  await sleep(TAIL_S * 1000);
  return { user, stream, meetingId: meeting.id as string, recording, startedAt };
}

/** The live segments of `r` that arrived so far, with arrival in s after the recording's start. */
export function seenSegments(r: Recorded): SeenSegment[] {
  return r.stream.all
    .filter((e) => e.event === 'live-segment' && e.data.meetingId === r.meetingId)
    .map((e) => ({
      seq: e.data.segment.seq as number,
      start: e.data.segment.start as number,
      end: e.data.segment.end as number,
      text: e.data.segment.text as string,
      arrivedS: (e.at - r.startedAt) / 1000,
    }));
}

/** Stops the recording as the recorder does (its length in ms). */
export async function stop(r: Recorded): Promise<void> {
  await call(r.user, 'POST', `/api/meetings/${r.meetingId}/stop`, {
    durationMs: Math.round(r.recording.chunks.length * 1000),
  });
}

/**
 * Waits for the pipeline to finish the meeting and answers its transcript text.
 * @throws Error when it is still processing after `timeoutMs`, or ended without a transcript
 */
export async function finalTranscript(r: Recorded, timeoutMs = 240_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = await call(r.user, 'GET', `/api/meetings/${r.meetingId}`);
    if (!m.isProcessing) {
      if (typeof m.transcript !== 'string') throw new Error(`no transcript: ${m.status}`);
      return m.transcript as string;
    }
    if (Date.now() > deadline) throw new Error(`meeting ${r.meetingId} still processing`);
    await sleep(250);
  }
}

/** Another user reading their meeting list, one request after the other, until stopped. */
export function readLoop(user: BenchUser, pauseMs = 250) {
  const samples: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      await call(user, 'GET', '/api/meetings');
      samples.push(performance.now() - t0);
      await sleep(pauseMs);
    }
  })();
  return {
    samples,
    async stop(): Promise<number[]> {
      running = false;
      await done;
      return samples;
    },
  };
}
