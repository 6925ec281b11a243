/**
 * The recorder's reducer: which events each state accepts, what they change, and that a refused
 * event returns the very same snapshot (the controller relies on that identity to skip effects).
 */
import { describe, expect, it } from 'vitest';
import {
  IDLE_SNAPSHOT,
  transition,
  type RecordingEvent,
  type RecordingSnapshot,
} from './recording-machine';

const analyser = { fftSize: 256 } as unknown as AnalyserNode;

function run(events: RecordingEvent[], from: RecordingSnapshot = IDLE_SNAPSHOT) {
  return events.reduce(transition, from);
}

const started: RecordingEvent = {
  type: 'started',
  meetingId: 'm1',
  title: 'Sync',
  source: 'microphone',
  analyser,
  callAnalyser: null,
};
const recording = run([{ type: 'startRequested' }, started, { type: 'startSettled' }]);

describe('recording machine', () => {
  it('goes idle -> starting -> recording, carrying the meeting and the analyser', () => {
    const starting = transition(IDLE_SNAPSHOT, { type: 'startRequested' });
    expect(starting).toMatchObject({ state: 'idle', isStarting: true });
    expect(transition(starting, started)).toMatchObject({
      state: 'recording',
      meetingId: 'm1',
      title: 'Sync',
      isStarting: true,
      analyser,
    });
    expect(recording).toMatchObject({ state: 'recording', isStarting: false });
  });

  it('refuses a second start while one is under way or a recording runs', () => {
    const starting = transition(IDLE_SNAPSHOT, { type: 'startRequested' });
    expect(transition(starting, { type: 'startRequested' })).toBe(starting);
    expect(transition(recording, { type: 'startRequested' })).toBe(recording);
    const processing = transition(recording, { type: 'stopRequested', elapsedMs: 1000 });
    expect(transition(processing, { type: 'startRequested' })).toBe(processing);
  });

  it('a refused microphone leads to denied; asking again and being granted leads to idle', () => {
    const denied = run([
      { type: 'startRequested' },
      { type: 'microphoneDenied' },
      { type: 'startSettled' },
    ]);
    expect(denied).toMatchObject({ state: 'denied', isStarting: false });
    expect(transition(denied, { type: 'permissionDenied' })).toMatchObject({ state: 'denied' });
    expect(transition(denied, { type: 'permissionGranted' })).toMatchObject({ state: 'idle' });
    // A start from denied is allowed (the person may have fixed the permission meanwhile).
    expect(transition(denied, { type: 'startRequested' }).isStarting).toBe(true);
  });

  it('a start that fails after the microphone goes back to idle', () => {
    const failed = run([
      { type: 'startRequested' },
      { type: 'startFailed' },
      { type: 'startSettled' },
    ]);
    expect(failed).toEqual(IDLE_SNAPSHOT);
  });

  it('ignores start outcomes that arrive without a start under way', () => {
    for (const event of [started, { type: 'microphoneDenied' }, { type: 'startFailed' }] as const) {
      expect(transition(IDLE_SNAPSHOT, event)).toBe(IDLE_SNAPSHOT);
    }
  });

  it('pauses and resumes only from the matching state', () => {
    const paused = transition(recording, { type: 'paused', elapsedMs: 4200 });
    expect(paused).toMatchObject({ state: 'paused', elapsedMs: 4200 });
    expect(transition(paused, { type: 'paused', elapsedMs: 9000 })).toBe(paused);
    expect(transition(recording, { type: 'resumed' })).toBe(recording);
    expect(transition(IDLE_SNAPSHOT, { type: 'paused', elapsedMs: 1 })).toBe(IDLE_SNAPSHOT);
    expect(transition(paused, { type: 'resumed' })).toMatchObject({
      state: 'recording',
      elapsedMs: 4200,
    });
  });

  it('ticks only while recording, and only when the whole second changes', () => {
    const at1 = transition(recording, { type: 'tick', elapsedMs: 1200 });
    expect(at1.elapsedMs).toBe(1200);
    expect(transition(at1, { type: 'tick', elapsedMs: 1900 })).toBe(at1);
    expect(transition(at1, { type: 'tick', elapsedMs: 2000 }).elapsedMs).toBe(2000);
    const paused = transition(at1, { type: 'paused', elapsedMs: 1500 });
    expect(transition(paused, { type: 'tick', elapsedMs: 5000 })).toBe(paused);
  });

  it('counts bytes while live and while processing (the last chunk comes after stop)', () => {
    const withBytes = transition(recording, { type: 'chunkRecorded', totalBytes: 800 });
    expect(withBytes.recordedBytes).toBe(800);
    const processing = transition(withBytes, { type: 'stopRequested', elapsedMs: 3000 });
    expect(transition(processing, { type: 'chunkRecorded', totalBytes: 950 }).recordedBytes).toBe(
      950,
    );
    expect(transition(IDLE_SNAPSHOT, { type: 'chunkRecorded', totalBytes: 5 })).toBe(IDLE_SNAPSHOT);
  });

  it('stops once: recording or paused -> processing -> idle', () => {
    const paused = transition(recording, { type: 'paused', elapsedMs: 4000 });
    const processing = transition(paused, { type: 'stopRequested', elapsedMs: 4000 });
    expect(processing).toMatchObject({ state: 'processing', elapsedMs: 4000, meetingId: 'm1' });
    expect(transition(processing, { type: 'stopRequested', elapsedMs: 9000 })).toBe(processing);
    expect(transition(processing, { type: 'abandoned' })).toBe(processing);
    const released = transition(processing, { type: 'mediaReleased' });
    expect(transition(released, { type: 'finished' })).toEqual(IDLE_SNAPSHOT);
    expect(transition(IDLE_SNAPSHOT, { type: 'finished' })).toBe(IDLE_SNAPSHOT);
    expect(transition(IDLE_SNAPSHOT, { type: 'stopRequested', elapsedMs: 1 })).toBe(IDLE_SNAPSHOT);
  });

  it('a meeting ended elsewhere abandons a live recording back to idle', () => {
    const abandoned = run([{ type: 'mediaReleased' }, { type: 'abandoned' }], recording);
    expect(abandoned).toEqual(IDLE_SNAPSHOT);
  });

  it('disposal returns to idle from anywhere', () => {
    expect(transition(recording, { type: 'disposed' })).toBe(IDLE_SNAPSHOT);
    expect(transition(IDLE_SNAPSHOT, { type: 'disposed' })).toBe(IDLE_SNAPSHOT);
  });
});
