/**
 * The recorder's states and transitions, as a pure reducer: what the UI shows of this tab's
 * recording and which events may move it. No browser, React or network here; the controller
 * (recording-controller.ts) runs the side effects and feeds their outcomes back in as events.
 * An event the current state does not accept returns the very same snapshot, so callers can tell
 * a refused event from an accepted one by identity.
 *
 * ```
 *   idle|denied --startRequested--> (starting) --started--> recording <--paused/resumed--> paused
 *   (starting) --microphoneDenied--> denied      (starting) --startFailed--> idle
 *   recording|paused --stopRequested--> processing --finished--> idle
 *   recording|paused --abandoned--> idle         denied --permissionGranted--> idle
 *   recording|paused --callAudioEnded--> the same state, the call's meter gone
 * ```
 */
import type { RecorderState } from '../hooks/use-recorder';
import type { RecordingSource } from './recording-source';

/** What the UI shows of the tab's recording; a new object only when something in it changed. */
export interface RecordingSnapshot {
  state: RecorderState;
  /** The meeting being recorded or handed to the server, else null. */
  meetingId: string | null;
  /** That meeting's title, else null. */
  title: string | null;
  /** Recorded time in ms, pauses excluded; refreshed once per whole second while recording. */
  elapsedMs: number;
  /** Bytes of audio recorded so far. */
  recordedBytes: number;
  /** True between a start being asked for and the recorder running or the start failing. */
  isStarting: boolean;
  /** The microphone's analyser for its level meter; null when there is none. */
  analyser: AnalyserNode | null;
  /** The call audio's analyser for its level meter; null when there is none or it ended. */
  callAnalyser: AnalyserNode | null;
  /** What the recording records; null when nothing is recorded. */
  source: RecordingSource | null;
  /** True once the user stopped sharing the call mid-recording. */
  callEnded: boolean;
}

/** What can happen to the recording; the controller dispatches these. */
export type RecordingEvent =
  /** A start was asked for; accepted only when idle or denied and no start is under way. */
  | { type: 'startRequested' }
  /** The microphone was refused during a start. */
  | { type: 'microphoneDenied' }
  /** A start failed after the microphone was granted (meeting or recorder not created). */
  | { type: 'startFailed' }
  /** The recorder runs for `meetingId`. */
  | {
      type: 'started';
      meetingId: string;
      title: string;
      source: RecordingSource;
      analyser: AnalyserNode | null;
      callAnalyser: AnalyserNode | null;
    }
  /** The start attempt is over, whatever its outcome. */
  | { type: 'startSettled' }
  /** The timer fired; `elapsedMs` is the recorded time now. */
  | { type: 'tick'; elapsedMs: number }
  /** A chunk was recorded; `totalBytes` is the recording's size so far. */
  | { type: 'chunkRecorded'; totalBytes: number }
  /** The recorder paused; `elapsedMs` is the recorded time at the pause. */
  | { type: 'paused'; elapsedMs: number }
  /** The recorder resumed. */
  | { type: 'resumed' }
  /** A stop began; `elapsedMs` is the final recorded time. */
  | { type: 'stopRequested'; elapsedMs: number }
  /** The stop is over (handed to the server, or failed with the local copy kept). */
  | { type: 'finished' }
  /** The meeting was deleted or stopped elsewhere; the recording ends without processing. */
  | { type: 'abandoned' }
  /** The user stopped sharing the call; the microphone goes on. */
  | { type: 'callAudioEnded' }
  /** The microphone and level meter were released. */
  | { type: 'mediaReleased' }
  /** 'Check permissions again' was answered with the microphone. */
  | { type: 'permissionGranted' }
  /** 'Check permissions again' was refused again. */
  | { type: 'permissionDenied' }
  /** The session was torn down (sign-out unmounts it); the local copy stays for recovery. */
  | { type: 'disposed' };

/** The snapshot of a tab that records nothing. */
export const IDLE_SNAPSHOT: RecordingSnapshot = Object.freeze({
  state: 'idle',
  meetingId: null,
  title: null,
  elapsedMs: 0,
  recordedBytes: 0,
  isStarting: false,
  analyser: null,
  callAnalyser: null,
  source: null,
  callEnded: false,
});

/** True while a MediaRecorder runs (or is paused) in this tab. */
function isLive(state: RecorderState): boolean {
  return state === 'recording' || state === 'paused';
}

/** The idle snapshot, keeping what outlives a recording (a start under way, the analyser). */
function backToIdle(current: RecordingSnapshot): RecordingSnapshot {
  return {
    ...IDLE_SNAPSHOT,
    isStarting: current.isStarting,
    analyser: current.analyser,
    callAnalyser: current.callAnalyser,
  };
}

/** The handler of one event type: the next snapshot, or `current` itself when refused. */
type EventHandler<K extends RecordingEvent['type']> = (
  current: RecordingSnapshot,
  event: Extract<RecordingEvent, { type: K }>,
) => RecordingSnapshot;

/** One handler per event: each says in which states its event is accepted and what it changes. */
const HANDLERS: { [K in RecordingEvent['type']]: EventHandler<K> } = {
  startRequested: (current) =>
    current.isStarting || (current.state !== 'idle' && current.state !== 'denied')
      ? current
      : { ...current, isStarting: true },
  microphoneDenied: (current) => (current.isStarting ? { ...current, state: 'denied' } : current),
  startFailed: (current) => (current.isStarting ? { ...current, state: 'idle' } : current),
  started: (current, event) =>
    !current.isStarting || isLive(current.state)
      ? current
      : {
          ...current,
          state: 'recording',
          meetingId: event.meetingId,
          title: event.title,
          elapsedMs: 0,
          recordedBytes: 0,
          source: event.source,
          analyser: event.analyser,
          callAnalyser: event.callAnalyser,
          callEnded: false,
        },
  startSettled: (current) => (current.isStarting ? { ...current, isStarting: false } : current),
  tick: (current, event) => {
    // The timer shows whole seconds: a tick within the same second changes nothing.
    if (current.state !== 'recording') return current;
    return Math.floor(current.elapsedMs / 1000) === Math.floor(event.elapsedMs / 1000)
      ? current
      : { ...current, elapsedMs: event.elapsedMs };
  },
  chunkRecorded: (current, event) => {
    // The recorder's last chunk arrives after a stop began, so processing accepts it too.
    if (!isLive(current.state) && current.state !== 'processing') return current;
    return event.totalBytes === current.recordedBytes
      ? current
      : { ...current, recordedBytes: event.totalBytes };
  },
  paused: (current, event) =>
    current.state === 'recording'
      ? { ...current, state: 'paused', elapsedMs: event.elapsedMs }
      : current,
  resumed: (current) => (current.state === 'paused' ? { ...current, state: 'recording' } : current),
  stopRequested: (current, event) =>
    isLive(current.state)
      ? { ...current, state: 'processing', elapsedMs: event.elapsedMs }
      : current,
  finished: (current) => (current.state === 'processing' ? backToIdle(current) : current),
  abandoned: (current) => (isLive(current.state) ? backToIdle(current) : current),
  callAudioEnded: (current) =>
    isLive(current.state) && !current.callEnded
      ? { ...current, callEnded: true, callAnalyser: null }
      : current,
  mediaReleased: (current) =>
    current.analyser === null && current.callAnalyser === null
      ? current
      : { ...current, analyser: null, callAnalyser: null },
  permissionGranted: (current) =>
    current.state === 'denied' ? { ...current, state: 'idle' } : current,
  permissionDenied: (current) =>
    current.state === 'idle' || current.state === 'denied'
      ? { ...current, state: 'denied' }
      : current,
  disposed: (current) => (current === IDLE_SNAPSHOT ? current : IDLE_SNAPSHOT),
};

/**
 * The next snapshot after `event`, or `current` itself when the event is not accepted in the
 * current state (e.g. pause while idle, stop while already processing, a second start).
 */
export function transition(current: RecordingSnapshot, event: RecordingEvent): RecordingSnapshot {
  // TypeScript cannot pair HANDLERS[event.type] with event's own variant; the table's type does.
  const handler = HANDLERS[event.type] as EventHandler<RecordingEvent['type']>;
  return handler(current, event);
}
